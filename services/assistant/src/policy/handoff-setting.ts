import type { DomainConfig } from '@parley/contracts';

export type HandoffSetting = DomainConfig['handoff'];

/**
 * Unresolved visitor messages in a row after which the bot hands the room to a person, per the
 * domain's handoff setting (spec: quick "after 2-3 messages", moderate "after basic
 * troubleshooting", extensive "only when asked or clearly stuck").
 */
export const UNRESOLVED_THRESHOLD: Record<HandoffSetting, number> = {
  quick: 2,
  moderate: 4,
  extensive: 6,
};

/** Until the owner runs the setup wizard. */
export const DEFAULT_HANDOFF: HandoffSetting = 'moderate';

export const handoffSettingOf = (config: DomainConfig | null): HandoffSetting =>
  config?.handoff ?? DEFAULT_HANDOFF;

/**
 * Whether "that did not help" after an answer is reason enough for a person: yes for quick and
 * moderate (basic troubleshooting is over); extensive only counts it as one more unresolved message.
 */
export const handsOffWhenNotHelped = (setting: HandoffSetting): boolean => setting !== 'extensive';
