// What the team's dashboard shows of the run's rooms (GET /api/conversations/{roomId}/messages,
// bot messages included), held against the traffic's ledger: every accepted message exactly once.
import { call } from './http';
import type { SentMessage } from './traffic';

/** The spec's owner-side message: `message` is its text. */
interface OwnerMessage {
  id: string;
  message: string;
  clientId: string | null;
  role: string;
  teamMemberId?: string;
}

export interface Delivery {
  sent: number;
  accepted: number;
  /** Accepted, then found on the dashboard once. */
  delivered: number;
  /** Accepted but not on the dashboard. */
  missing: SentMessage[];
  /** Client ids on the dashboard more than once (the run's and the assistant's). */
  duplicates: string[];
  /** Refused with a 4xx (none expected). */
  refused: number;
  /** Never accepted within the retry window. */
  failed: number;
  /** Of those, on the dashboard anyway (the service took it; its answer was lost). */
  failedButShown: number;
  /** Accepted only after being sent more than once. */
  retried: number;
  /** The assistant's replies on the dashboard, and how many of them were there twice. */
  botReplies: number;
}

export async function readDashboard(
  gatewayUrl: string,
  token: string,
  rooms: string[],
): Promise<OwnerMessage[]> {
  const all: OwnerMessage[] = [];
  for (const roomId of rooms) {
    const answer = await call<{ messages: OwnerMessage[] }>(
      'GET',
      `${gatewayUrl}/api/conversations/${roomId}/messages?include_bot=true`,
      { token },
    );
    if (answer.status !== 200 || !answer.body) throw new Error(`messages of ${roomId}: ${answer.status}`);
    all.push(...answer.body.messages);
  }
  return all;
}

/**
 * The ledger against the dashboard, message by message (by client id, which the service keeps
 * and echoes; the assistant's replies carry client ids made from the visitor's message id).
 */
export function compare(
  ledger: SentMessage[],
  shown: OwnerMessage[],
  /** Also count the duplicates of messages not in `ledger` (the assistant's replies). */
  { others = true }: { others?: boolean } = {},
): Delivery {
  const byClientId = new Map<string, number>();
  for (const m of shown) if (m.clientId) byClientId.set(m.clientId, (byClientId.get(m.clientId) ?? 0) + 1);
  const accepted = ledger.filter((m) => m.state === 'accepted');
  const failed = ledger.filter((m) => m.state === 'failed');
  const ours = new Set(ledger.map((m) => m.clientId));
  const duplicates = [...byClientId]
    .filter(([clientId, n]) => n > 1 && (others || ours.has(clientId)))
    .map(([clientId, n]) => `${clientId} x${n}`);
  return {
    sent: ledger.length,
    accepted: accepted.length,
    delivered: accepted.filter((m) => byClientId.get(m.clientId) === 1).length,
    missing: accepted.filter((m) => !byClientId.has(m.clientId)),
    duplicates,
    refused: ledger.filter((m) => m.state === 'refused').length,
    failed: failed.length,
    failedButShown: failed.filter((m) => byClientId.has(m.clientId)).length,
    retried: accepted.filter((m) => m.attempts > 1).length,
    botReplies: shown.filter((m) => m.role === 'assistant' && !m.teamMemberId).length,
  };
}
