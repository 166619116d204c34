import type { Folded } from '@parley/eventstore';
import type { HostnameEvent } from './events';
import { HostnameEventType as T } from './events';

export interface HostnameState {
  holder: { domainId: string; accountId: string; claimedAt: string } | null;
}

export const initialHostnameState: HostnameState = { holder: null };

export function evolveHostname(state: Folded<HostnameState>, event: HostnameEvent): Folded<HostnameState> {
  switch (event.type) {
    case T.Claimed:
      return {
        holder: {
          domainId: event.data.domainId,
          accountId: event.data.accountId,
          claimedAt: event.data.claimedAt,
        },
      };
    case T.Released:
      return state.holder?.domainId === event.data.domainId ? { holder: null } : state;
    default:
      return state;
  }
}
