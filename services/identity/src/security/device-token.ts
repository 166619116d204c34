import { randomBytes } from 'node:crypto';
import { sameDigest } from '../domain/shared/equal';
import { secretDigest } from './secrets';

/**
 * Device tokens (OWASP's "device cookies"): handed to a browser once it has proved an account's
 * password, so a later log-in from it can be told from a stranger's. `<deviceId>.<mac>`, the mac
 * binding the random device id to the account (the email's key), so a token proves nothing for
 * another account and cannot be made up. Nothing is stored: the mac is the proof. One browser
 * keeps the tokens of its last few accounts in one cookie, `~`-separated, newest first.
 */
const TOKEN = /^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/;
export const DEVICE_TOKEN_SEPARATOR = '~';
/** Accounts one browser is remembered for; the cookie stays well under a kilobyte. */
export const MAX_DEVICE_TOKENS = 5;

const macOf = (key: string, accountKey: string, deviceId: string) =>
  secretDigest(key, 'device-token', accountKey, deviceId);

/** The well-formed tokens of a cookie value (anything else in it is ignored, never an error). */
function tokensIn(cookie: string): string[] {
  return cookie
    .split(DEVICE_TOKEN_SEPARATOR)
    .filter((t) => TOKEN.test(t))
    .slice(0, MAX_DEVICE_TOKENS);
}

/** The device id of the cookie's token for this account, or null when it holds none that verifies. */
export function knownDeviceId(key: string, accountKey: string, cookie: string): string | null {
  for (const token of tokensIn(cookie)) {
    const [deviceId = '', mac = ''] = token.split('.');
    if (sameDigest(mac, macOf(key, accountKey, deviceId))) return deviceId;
  }
  return null;
}

/**
 * The cookie value after this account's password was proved from the browser: its token for the
 * account first (kept if it had one, so the device's own failure count stays its own; new
 * otherwise), then its other accounts' tokens, at most MAX_DEVICE_TOKENS.
 */
export function rememberDevice(key: string, accountKey: string, cookie: string): string {
  const tokens = tokensIn(cookie);
  const deviceId = knownDeviceId(key, accountKey, cookie) ?? randomBytes(16).toString('base64url');
  const own = `${deviceId}.${macOf(key, accountKey, deviceId)}`;
  const others = tokens.filter((t) => !t.startsWith(`${deviceId}.`) && t !== own);
  return [own, ...others].slice(0, MAX_DEVICE_TOKENS).join(DEVICE_TOKEN_SEPARATOR);
}
