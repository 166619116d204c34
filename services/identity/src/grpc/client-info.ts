import type { ClientInfo } from '../app/sessions/issue-session';

/** The proto ClientInfo, bounded: it is stored with the session and keys the per-IP back-off. */
export function clientInfoOf(client: { ip?: string; userAgent?: string } | null | undefined): ClientInfo {
  return {
    ip: (client?.ip ?? '').trim().slice(0, 64),
    userAgent: (client?.userAgent ?? '').slice(0, 512),
  };
}
