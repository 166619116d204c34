import {
  DomainsEvent,
  type DomainAdded,
  type DomainConfig,
  type DomainDeleted,
  type BusinessHoursUpdated as BusinessHoursUpdatedData,
  type DomainSettings,
  type WidgetHomeSettings,
} from '@parley/contracts';
import type { DomainEvent } from '@parley/eventstore';

/**
 * A domain (subject domains.domain.<domainId>): the site, its widget settings, its bot
 * configuration and its filter questions. DomainAdded and DomainDeleted are public (payloads in
 * @parley/contracts); the rest stay inside this service. Settings events carry the whole document
 * after the change, so readers never merge.
 */
export const DomainEventType = {
  Added: DomainsEvent.DomainAdded,
  SettingsUpdated: 'domains.DomainSettingsUpdated',
  HomeSettingsUpdated: 'domains.WidgetHomeSettingsUpdated',
  ConfigSaved: 'domains.DomainConfigSaved',
  FilterQuestionAdded: 'domains.FilterQuestionAdded',
  FilterQuestionDeleted: 'domains.FilterQuestionDeleted',
  BusinessHoursUpdated: DomainsEvent.BusinessHoursUpdated,
  Deleted: DomainsEvent.DomainDeleted,
} as const;

export type DomainAddedEvent = DomainEvent<typeof DomainEventType.Added, DomainAdded>;
export type DomainSettingsUpdated = DomainEvent<
  typeof DomainEventType.SettingsUpdated,
  { settings: DomainSettings; updatedAt: string }
>;
export type WidgetHomeSettingsUpdated = DomainEvent<
  typeof DomainEventType.HomeSettingsUpdated,
  { homeSettings: WidgetHomeSettings; updatedAt: string }
>;
export type DomainConfigSaved = DomainEvent<
  typeof DomainEventType.ConfigSaved,
  { config: DomainConfig; savedAt: string }
>;
export type FilterQuestionAdded = DomainEvent<
  typeof DomainEventType.FilterQuestionAdded,
  { questionId: string; question: string; answer: string; addedBy: string; addedAt: string }
>;
export type FilterQuestionDeleted = DomainEvent<
  typeof DomainEventType.FilterQuestionDeleted,
  { questionId: string; deletedAt: string }
>;
export type BusinessHoursUpdated = DomainEvent<
  typeof DomainEventType.BusinessHoursUpdated,
  BusinessHoursUpdatedData
>;
export type DomainDeletedEvent = DomainEvent<typeof DomainEventType.Deleted, DomainDeleted>;

export type DomainAggregateEvent =
  | DomainAddedEvent
  | DomainSettingsUpdated
  | WidgetHomeSettingsUpdated
  | DomainConfigSaved
  | FilterQuestionAdded
  | FilterQuestionDeleted
  | BusinessHoursUpdated
  | DomainDeletedEvent;
