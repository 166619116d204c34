import type { ClientInfo } from '../app/sessions/issue-session';

/** The proto ClientInfo, bounded: it is stored with the session and keys the per-IP back-off. */
export function clientInfoOf(client: { ip?: string; userAgent?: string } | null | undefined): ClientInfo {
  return {
    ip: (client?.ip ?? '').trim().slice(0, 64),
    userAgent: (client?.userAgent ?? '').slice(0, 512),
  };
}

/** A device-token cookie (security/device-token.ts) is well under this; anything longer is not one. */
const MAX_DEVICES_LENGTH = 1024;

/** The browser's device-token cookie as the gateway passed it; anything unusable reads as none. */
export function devicesOf(value: unknown): string {
  return typeof value === 'string' && value.length <= MAX_DEVICES_LENGTH ? value : '';
}
