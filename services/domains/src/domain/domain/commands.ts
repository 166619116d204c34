import type { BusinessHours, DomainConfig, WidgetHomeSettings } from '@parley/contracts';
import type { DomainSettingsInput } from '@parley/contracts/validation';

/** Every command but AddDomain names the caller's account: another account's domain is not found. */
export type DomainCommand =
  | { type: 'AddDomain'; domainId: string; accountId: string; domain: string; addedBy: string; now: number }
  | { type: 'UpdateSettings'; accountId: string; changes: DomainSettingsInput; now: number }
  | { type: 'UpdateHomeSettings'; accountId: string; changes: Partial<WidgetHomeSettings>; now: number }
  | { type: 'SaveConfig'; accountId: string; config: DomainConfig; now: number }
  | {
      type: 'AddFilterQuestion';
      accountId: string;
      questionId: string;
      question: string;
      answer: string;
      addedBy: string;
      now: number;
    }
  | { type: 'DeleteFilterQuestion'; accountId: string; questionId: string; now: number }
  | { type: 'UpdateBusinessHours'; accountId: string; businessHours: BusinessHours; now: number }
  | { type: 'DeleteDomain'; accountId: string; now: number };
