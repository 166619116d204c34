import type { Folded } from '@parley/eventstore';
import type { PlanId, Role } from '@parley/contracts';
import type { UserEvent } from './events';
import { UserEventType as T } from './events';

export interface UserState {
  exists: boolean;
  userId: string;
  email: string;
  fullname: string;
  role: Role;
  accountId: string;
  plan: PlanId;
  selectedPlan: PlanId;
  passwordHash: string;
  createdAt: string;
  /** Removed from the team: cannot sign in or refresh any more. */
  removed: boolean;
}

export const initialUserState: UserState = {
  exists: false,
  userId: '',
  email: '',
  fullname: '',
  role: 'OWNER',
  accountId: '',
  plan: 'STANDARD',
  selectedPlan: 'STANDARD',
  passwordHash: '',
  createdAt: '',
  removed: false,
};

export function evolveUser(state: Folded<UserState>, event: UserEvent): Folded<UserState> {
  switch (event.type) {
    case T.Registered: {
      const { userId, email, fullname, role, accountId, plan, selectedPlan, passwordHash, registeredAt } =
        event.data;
      return {
        exists: true,
        userId,
        email,
        fullname,
        role,
        accountId,
        plan,
        selectedPlan,
        passwordHash,
        createdAt: registeredAt,
        removed: false,
      };
    }
    case T.Renamed:
      return { ...state, fullname: event.data.fullname };
    case T.PasswordChanged:
      return { ...state, passwordHash: event.data.passwordHash };
    case T.MemberRemoved:
      return { ...state, removed: true };
    default:
      return state;
  }
}
