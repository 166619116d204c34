import { AppError } from '@parley/contracts';
import { cachingVerifiedTokens } from './cached-token-verifier';
import type { VerifiedToken } from './token-verifier';

const owner = (expiresAt: number): VerifiedToken => ({
  principal: { userId: 'u1', role: 'OWNER', accountId: 'a1', sessionId: 's1' },
  expiresAt,
});

describe('cachingVerifiedTokens', () => {
  it('checks a token once, then answers it from memory until the limit of its stay', async () => {
    let now = 1_000_000_000;
    const checked: string[] = [];
    const verify = cachingVerifiedTokens(
      async (token) => {
        checked.push(token);
        return owner(now / 1000 + 900);
      },
      { maxSeconds: 60, now: () => now },
    );
    expect((await verify('t1')).principal.userId).toBe('u1');
    await verify('t1');
    await verify('t2');
    expect(checked).toEqual(['t1', 't2']);
    now += 59_000;
    await verify('t1');
    expect(checked).toEqual(['t1', 't2']);
    now += 1_000; // 60 s after its check: asked again, though the token itself runs 15 minutes
    await verify('t1');
    expect(checked).toEqual(['t1', 't2', 't1']);
  });

  it('forgets a token at its own expiry when that comes first', async () => {
    let now = 1_000_000_000;
    let calls = 0;
    const verify = cachingVerifiedTokens(
      async () => {
        calls++;
        return owner(1_000_010);
      },
      { now: () => now },
    );
    await verify('t');
    now = 1_000_009_999;
    await verify('t');
    expect(calls).toBe(1);
    now = 1_000_010_000;
    await verify('t');
    expect(calls).toBe(2);
  });

  it('keeps no refusal: a token refused once is checked again', async () => {
    let calls = 0;
    const verify = cachingVerifiedTokens(async () => {
      calls++;
      throw new AppError('unauthenticated', 'no');
    });
    await expect(verify('bad')).rejects.toThrow('no');
    await expect(verify('bad')).rejects.toThrow('no');
    expect(calls).toBe(2);
  });

  it('hands out copies: changing an answer does not change the next', async () => {
    const verify = cachingVerifiedTokens(async () => owner(Date.now() / 1000 + 900));
    const first = await verify('t');
    first.principal.role = 'ADMIN';
    const second = await verify('t');
    second.principal.accountId = 'other';
    expect((await verify('t')).principal).toEqual(owner(0).principal);
  });
});
