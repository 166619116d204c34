import type { Decider } from '@parley/eventstore';
import { limitsOf } from '../../catalogue/catalogue';
import type { AccountCommand } from './commands';
import type { AccountEvent } from './events';
import { AccountEventType as T } from './events';
import { evolveAccount, initialAccountState, type AccountState } from './state';

/** Every account starts free; a paid plan is only ever reached through a payment (a later command). */
export const INITIAL_PLAN = 'STANDARD' as const;

export function decideAccount(command: AccountCommand, state: AccountState): AccountEvent[] {
  switch (command.type) {
    case 'AssignInitialPlan': {
      // An account gets exactly one initial plan: a redelivered or repeated registration, or a
      // second admin of the same account, finds it assigned and changes nothing.
      if (state.plan !== null) return [];
      return [
        {
          type: T.AccountPlanChanged,
          data: {
            accountId: command.accountId,
            plan: INITIAL_PLAN,
            selectedPlan: command.selectedPlan,
            limits: limitsOf(INITIAL_PLAN),
            changedAt: new Date(command.now).toISOString(),
          },
        },
      ];
    }
    default:
      return [];
  }
}

export const accountDecider: Decider<AccountCommand, AccountEvent, AccountState> = {
  initialState: initialAccountState,
  evolve: evolveAccount,
  decide: decideAccount,
};
