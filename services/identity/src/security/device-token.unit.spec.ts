import { knownDeviceId, MAX_DEVICE_TOKENS, rememberDevice } from './device-token';

const KEY = 'a-code-secret-of-some-length';
const ALICE = 'a'.repeat(64);
const BOB = 'b'.repeat(64);

describe('device tokens', () => {
  it('a browser that proved the password gets a token that names its device for that account only', () => {
    const cookie = rememberDevice(KEY, ALICE, '');
    expect(cookie).toMatch(/^[\w-]{22}\.[\w-]{43}$/);
    expect(knownDeviceId(KEY, ALICE, cookie)).toBe(cookie.split('.')[0]);
    expect(knownDeviceId(KEY, BOB, cookie)).toBeNull();
    expect(knownDeviceId('another-code-secret', ALICE, cookie)).toBeNull();
  });

  it('a forged, altered or malformed token proves nothing and breaks nothing', () => {
    const cookie = rememberDevice(KEY, ALICE, '');
    const [deviceId] = cookie.split('.');
    for (const forged of [
      `${deviceId}.${'A'.repeat(43)}`,
      `${'Z'.repeat(22)}.${cookie.split('.')[1]}`,
      'nonsense',
      '',
      '~~~',
      `${cookie}x`,
    ]) {
      expect(knownDeviceId(KEY, ALICE, forged)).toBeNull();
    }
    expect(knownDeviceId(KEY, ALICE, `nonsense~${cookie}`)).toBe(deviceId);
  });

  it("proving the password again keeps the device's token (its own failure count stays its own), first", () => {
    const alice = rememberDevice(KEY, ALICE, '');
    const both = rememberDevice(KEY, BOB, alice);
    expect(both.split('~')).toHaveLength(2);
    expect(both.split('~')[1]).toBe(alice);
    const again = rememberDevice(KEY, ALICE, both);
    expect(again.split('~')).toEqual([alice, both.split('~')[0]]);
  });

  it(`keeps the tokens of the last ${MAX_DEVICE_TOKENS} accounts, newest first`, () => {
    let cookie = '';
    const accounts = Array.from({ length: MAX_DEVICE_TOKENS + 2 }, (_, i) => String(i).repeat(64));
    for (const account of accounts) cookie = rememberDevice(KEY, account, cookie);
    expect(cookie.split('~')).toHaveLength(MAX_DEVICE_TOKENS);
    expect(knownDeviceId(KEY, accounts.at(-1)!, cookie)).not.toBeNull();
    expect(knownDeviceId(KEY, accounts[0]!, cookie)).toBeNull();
    expect(cookie.length).toBeLessThan(400);
  });
});
