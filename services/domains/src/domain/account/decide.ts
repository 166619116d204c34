import type { Decider } from '@parley/eventstore';
import { planLimitReached } from '../shared/errors';
import { iso } from '../shared/time';
import type { AccountCommand } from './commands';
import type { AccountEvent } from './events';
import { AccountEventType as T } from './events';
import { evolveAccount, initialAccountState, type AccountState } from './state';

export function decideAccount(command: AccountCommand, state: AccountState): AccountEvent[] {
  const at = iso(command.now);
  switch (command.type) {
    case 'ReserveDomain': {
      if (state.domains[command.domainId]) return []; // the same add, retried
      const freed = command.abandonedDomainIds.filter((id) => state.domains[id]);
      const held = Object.keys(state.domains).length - freed.length;
      if (command.maxDomains !== -1 && held >= command.maxDomains) {
        throw planLimitReached(command.plan, command.maxDomains);
      }
      return [
        ...freed.map((domainId): AccountEvent => ({
          type: T.DomainReleased,
          data: { domainId, releasedAt: at },
        })),
        {
          type: T.DomainReserved,
          data: { domainId: command.domainId, domain: command.domain, reservedAt: at },
        },
      ];
    }
    case 'ReleaseDomain':
      return state.domains[command.domainId]
        ? [{ type: T.DomainReleased, data: { domainId: command.domainId, releasedAt: at } }]
        : [];
  }
}

export const accountDecider: Decider<AccountCommand, AccountEvent, AccountState> = {
  initialState: initialAccountState,
  evolve: evolveAccount,
  decide: decideAccount,
};
