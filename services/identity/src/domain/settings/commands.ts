import type { Role } from '@parley/contracts';
import type { SystemSettings } from './events';

export type SettingsCommand = {
  type: 'UpdateSettings';
  actorId: string;
  /** The actor's role as recorded in the actor's own aggregate; null when no such user. */
  actorRole: Role | null;
  changes: Partial<SystemSettings>;
  now: number;
};
