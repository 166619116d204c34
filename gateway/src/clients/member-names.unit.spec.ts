import { cachedMemberNames } from './member-names';

describe('cached member names', () => {
  const user = (id: string, fullname: string) => ({
    id,
    fullname,
    email: '',
    role: 'AGENT',
    plan: '',
    accountId: 'a',
    createdAt: '',
  });

  it('asks identity once per member until the entry is older than ttlMs', async () => {
    let now = 0;
    const asked: string[] = [];
    let name = 'Ada';
    const names = cachedMemberNames(
      { getUser: async ({ userId }) => (asked.push(userId), user(userId, name)) },
      { ttlMs: 1000, now: () => now },
    );
    expect(await names('u1')).toBe('Ada');
    name = 'Ada L.';
    expect(await names('u1')).toBe('Ada');
    now = 1001;
    expect(await names('u1')).toBe('Ada L.');
    expect(asked).toEqual(['u1', 'u1']);
  });

  it('does not remember a failed lookup, and drops the oldest entry beyond maxEntries', async () => {
    let fail = true;
    const asked: string[] = [];
    const names = cachedMemberNames(
      {
        getUser: async ({ userId }) => {
          asked.push(userId);
          if (fail) throw new Error('identity down');
          return user(userId, `name of ${userId}`);
        },
      },
      { ttlMs: 60_000, maxEntries: 2 },
    );
    await expect(names('u1')).rejects.toThrow('identity down');
    fail = false;
    expect(await names('u1')).toBe('name of u1');
    await names('u2');
    await names('u3');
    await names('u1');
    expect(asked).toEqual(['u1', 'u1', 'u2', 'u3', 'u1']);
  });
});
