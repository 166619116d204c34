/**
 * Spec "Sending (optimistic)": a temporary message is added, replaced by the server's message on
 * success, removed on failure. Messages are matched by the sender's clientId; the same server
 * message may also arrive first over the socket, so every insert de-duplicates by id and clientId.
 */
export interface Identified {
  id: string;
  clientId: string | null;
}

export const TEMP_ID_PREFIX = 'temp-';

export const isPending = (message: Identified) => message.id.startsWith(TEMP_ID_PREFIX);

export function newClientId(): string {
  return globalThis.crypto.randomUUID();
}

export function addOptimistic<T extends Identified>(list: readonly T[], temp: T): T[] {
  return [...list, temp];
}

/** The server's message replaces its temporary copy (or an earlier copy of itself); else it is appended. */
export function upsertMessage<T extends Identified>(list: readonly T[], message: T): T[] {
  const index = list.findIndex(
    (m) => m.id === message.id || (message.clientId !== null && m.clientId === message.clientId),
  );
  if (index === -1) return [...list, message];
  const next = list.slice();
  next[index] = message;
  // A socket copy and the temporary copy may both be present: keep only the first.
  return next.filter(
    (m, i) =>
      i === index || !(m.id === message.id || (message.clientId !== null && m.clientId === message.clientId)),
  );
}

export function dropOptimistic<T extends Identified>(list: readonly T[], clientId: string): T[] {
  return list.filter((m) => !(isPending(m) && m.clientId === clientId));
}
