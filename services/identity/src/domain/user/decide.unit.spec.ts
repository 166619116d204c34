import { deciderSpec } from '@parley/testing';
import type { UserCommand } from './commands';
import { userDecider } from './decide';
import type { UserEvent } from './events';
import { UserEventType as T } from './events';

const T0 = Date.parse('2030-01-01T10:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();
const spec = deciderSpec(userDecider);
const userId = 'u1';
const answers = { products: 'Mugs', categories: 'Kitchen', targetAudience: 'Coffee lovers' };

const register: UserCommand = {
  type: 'RegisterUser',
  userId,
  email: 'ada@example.com',
  fullname: 'Ada Lovelace',
  passwordHash: 'hash-1',
  role: 'OWNER',
  accountId: userId,
  plan: 'STANDARD',
  selectedPlan: 'PRO',
  signupId: 's1',
  onboarding: answers,
  now: T0,
};
const registered: UserEvent = {
  type: T.Registered,
  data: {
    userId,
    email: 'ada@example.com',
    fullname: 'Ada Lovelace',
    passwordHash: 'hash-1',
    role: 'OWNER',
    accountId: userId,
    plan: 'STANDARD',
    selectedPlan: 'PRO',
    signupId: 's1',
    onboarding: answers,
    registeredAt: iso(T0),
  },
};

describe('user: RegisterUser', () => {
  it('given nothing, registers the user', () => {
    const state = spec.given([]).when(register).then([registered]);
    expect(state).toMatchObject({
      exists: true,
      role: 'OWNER',
      accountId: userId,
      plan: 'STANDARD',
      selectedPlan: 'PRO',
    });
  });

  it('given the user already registered (a retry), records nothing', () => {
    spec
      .given([registered])
      .when({ ...register, now: T0 + 1000 })
      .then([]);
  });
});

describe('user: RenameUser', () => {
  it('renames', () => {
    spec
      .given([registered])
      .when({ type: 'RenameUser', fullname: 'Ada King', now: T0 + 1 })
      .then([{ type: T.Renamed, data: { userId, fullname: 'Ada King', renamedAt: iso(T0 + 1) } }]);
  });

  it('the same name again records nothing', () => {
    spec
      .given([registered])
      .when({ type: 'RenameUser', fullname: 'Ada Lovelace', now: T0 + 1 })
      .then([]);
  });

  it('an unknown user is not found', () => {
    spec.given([]).when({ type: 'RenameUser', fullname: 'Ada King', now: T0 }).thenThrows('USER_NOT_FOUND');
  });
});

describe('user: ChangePassword', () => {
  it('replaces the hash the caller checked', () => {
    const state = spec
      .given([registered])
      .when({ type: 'ChangePassword', passwordHash: 'hash-2', expectedPasswordHash: 'hash-1', now: T0 + 1 })
      .then([{ type: T.PasswordChanged, data: { userId, passwordHash: 'hash-2', changedAt: iso(T0 + 1) } }]);
    expect(state.passwordHash).toBe('hash-2');
  });

  it('refuses when the password changed since the caller checked it', () => {
    const changed: UserEvent = {
      type: T.PasswordChanged,
      data: { userId, passwordHash: 'hash-x', changedAt: iso(T0) },
    };
    spec
      .given([registered, changed])
      .when({ type: 'ChangePassword', passwordHash: 'hash-2', expectedPasswordHash: 'hash-1', now: T0 + 1 })
      .thenThrows('PASSWORD_CHANGED');
  });

  it('an unknown user is not found', () => {
    spec
      .given([])
      .when({ type: 'ChangePassword', passwordHash: 'h', expectedPasswordHash: '', now: T0 })
      .thenThrows('not_found');
  });
});

describe('user: RemoveMember', () => {
  const agent: UserEvent = {
    type: T.Registered,
    data: {
      ...registered.data,
      userId: 'u2',
      role: 'AGENT',
      accountId: userId,
      signupId: null,
      onboarding: null,
    },
  };
  const agentSpec = deciderSpec(userDecider);
  it('removes an AGENT of the account', () => {
    const state = agentSpec
      .given([agent])
      .when({ type: 'RemoveMember', accountId: userId, now: T0 + 1 })
      .then([{ type: T.MemberRemoved, data: { accountId: userId, userId: 'u2', removedAt: iso(T0 + 1) } }]);
    expect(state.removed).toBe(true);
  });
  it('removing again records nothing', () => {
    const removed: UserEvent = {
      type: T.MemberRemoved,
      data: { accountId: userId, userId: 'u2', removedAt: iso(T0) },
    };
    agentSpec
      .given([agent, removed])
      .when({ type: 'RemoveMember', accountId: userId, now: T0 + 1 })
      .then([]);
  });
  it('another account’s agent, the owner and an unknown user are not found', () => {
    agentSpec
      .given([agent])
      .when({ type: 'RemoveMember', accountId: 'other', now: T0 })
      .thenThrows('MEMBER_NOT_FOUND');
    agentSpec
      .given([registered])
      .when({ type: 'RemoveMember', accountId: userId, now: T0 })
      .thenThrows('MEMBER_NOT_FOUND');
    agentSpec
      .given([])
      .when({ type: 'RemoveMember', accountId: userId, now: T0 })
      .thenThrows('MEMBER_NOT_FOUND');
  });
});
