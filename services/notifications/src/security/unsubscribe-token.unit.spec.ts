import { createUnsubscribeToken, deriveUnsubscribeKey, readUnsubscribeToken } from './unsubscribe-token';

const key = deriveUnsubscribeKey('a-seal-key-of-16-chars');
const claims = { domainId: 'dom-1', email: 'ann@example.com', campaignId: 'c-1' };

describe('unsubscribe tokens', () => {
  it('round-trips its claims', () => {
    expect(readUnsubscribeToken(key, createUnsubscribeToken(key, claims))).toEqual(claims);
  });

  it('refuses a changed claim, another key, and garbage', () => {
    const token = createUnsubscribeToken(key, claims);
    const [payload, mac] = token.split('.');
    const other = Buffer.from(JSON.stringify(['dom-1', 'bob@example.com', 'c-1'])).toString('base64url');
    expect(readUnsubscribeToken(key, `${other}.${mac}`)).toBeNull();
    expect(readUnsubscribeToken(deriveUnsubscribeKey('another-seal-key-16'), token)).toBeNull();
    for (const bad of ['', 'test', `${payload}`, `${payload}.${mac}.x`, `${payload}.short`, 'a'.repeat(2000)])
      expect(readUnsubscribeToken(key, bad)).toBeNull();
  });
});
