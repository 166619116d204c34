import type { Folded } from '@parley/eventstore';
import type { AccountEvent } from './events';
import { AccountEventType as T } from './events';

export interface AccountState {
  /** domainId -> when its place was taken. */
  domains: Record<string, { domain: string; reservedAt: string }>;
}

export const initialAccountState: AccountState = { domains: {} };

export function evolveAccount(state: Folded<AccountState>, event: AccountEvent): Folded<AccountState> {
  switch (event.type) {
    case T.DomainReserved:
      return {
        domains: {
          ...state.domains,
          [event.data.domainId]: { domain: event.data.domain, reservedAt: event.data.reservedAt },
        },
      };
    case T.DomainReleased: {
      const domains = { ...state.domains };
      delete domains[event.data.domainId];
      return { domains };
    }
    default:
      return state;
  }
}
