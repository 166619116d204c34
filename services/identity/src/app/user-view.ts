import type { PlanId, Role } from '@parley/contracts';
import type { UserState } from '../domain/user/state';

/** A user as the API shows it (proto User). */
export interface UserView {
  id: string;
  email: string;
  fullname: string;
  role: Role;
  plan: PlanId;
  accountId: string;
  createdAt: string;
}

export function userViewOf(state: UserState): UserView {
  return {
    id: state.userId,
    email: state.email,
    fullname: state.fullname,
    role: state.role,
    plan: state.plan,
    accountId: state.accountId,
    createdAt: state.createdAt,
  };
}
