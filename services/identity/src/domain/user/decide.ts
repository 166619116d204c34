import { identityError } from '@parley/contracts';
import type { Decider } from '@parley/eventstore';
import { memberNotFound, userNotFound } from '../shared/errors';
import { iso } from '../shared/time';
import type { UserCommand } from './commands';
import type { UserEvent } from './events';
import { UserEventType as T } from './events';
import { evolveUser, initialUserState, type UserState } from './state';

export function decideUser(command: UserCommand, state: UserState): UserEvent[] {
  switch (command.type) {
    case 'RegisterUser': {
      // One stream per user id: an existing user here is this same registration, retried.
      if (state.exists) return [];
      const { type: _type, now, ...data } = command;
      return [{ type: T.Registered, data: { ...data, registeredAt: iso(now) } }];
    }

    case 'RenameUser': {
      if (!state.exists) throw userNotFound();
      if (state.fullname === command.fullname) return [];
      return [
        {
          type: T.Renamed,
          data: { userId: state.userId, fullname: command.fullname, renamedAt: iso(command.now) },
        },
      ];
    }

    case 'ChangePassword': {
      if (!state.exists) throw userNotFound();
      if (state.passwordHash !== command.expectedPasswordHash) {
        throw identityError(
          'precondition',
          'Your password was changed in the meantime. Please try again.',
          'PASSWORD_CHANGED',
        );
      }
      return [
        {
          type: T.PasswordChanged,
          data: { userId: state.userId, passwordHash: command.passwordHash, changedAt: iso(command.now) },
        },
      ];
    }
    case 'RemoveMember': {
      // Owners, admins and other accounts' users are never this account's removable members.
      if (!state.exists || state.role !== 'AGENT' || state.accountId !== command.accountId) {
        throw memberNotFound();
      }
      if (state.removed) return [];
      return [
        {
          type: T.MemberRemoved,
          data: { accountId: state.accountId, userId: state.userId, removedAt: iso(command.now) },
        },
      ];
    }
  }
}

export const userDecider: Decider<UserCommand, UserEvent, UserState> = {
  initialState: initialUserState,
  evolve: evolveUser,
  decide: decideUser,
};
