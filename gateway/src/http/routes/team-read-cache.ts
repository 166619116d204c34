import type { Caller } from '@parley/grpc';
import { sharedAskPerKey } from '@parley/program';
import { LRUCache } from 'lru-cache';

/** An answer to a team read as it is sent. */
export interface SentAnswer {
  /** The response body, exactly as sent. */
  body: string;
  /** Its ETag as express made it ('' when ETags are off). */
  etag: string;
}

/** A sent answer kept, with the revision conversations named it by. */
export interface KeptAnswer extends SentAnswer {
  revision: string;
}

/** Which read, with everything of the request that can change its answer over the same rows. */
export type TeamRead = readonly [route: string, ...request: Array<string | number | boolean>];

export interface TeamReadCache {
  get(caller: Caller, read: TeamRead): KeptAnswer | undefined;
  keep(caller: Caller, read: TeamRead, answer: KeptAnswer): void;
  forget(caller: Caller, read: TeamRead): void;
  /**
   * One `fetch` at a time per caller and read, shared by the requests that came while the one
   * before was on its way (sharedAskPerKey): each still gets an answer fetched after it came.
   */
  shared(caller: Caller, read: TeamRead, fetch: () => Promise<SentAnswer>): Promise<SentAnswer>;
}

/**
 * The last answer the gateway sent to each caller for each team read conversations names by a
 * revision (the conversation list's pages, a room's messages), so that a repeat whose rows
 * conversations confirms unchanged (`if_revision`) is answered without the answer crossing gRPC
 * or being parsed, viewed, stringified and hashed again: most of the gateway's CPU for such a read
 * (docs/benchmarks.md, runs AL). Keyed by the user and role as well as the account: an agent sees
 * only the rooms shared with them. Bounded by bytes, least recently used dropped first; 0 keeps
 * nothing. Repeats that come together share one fetch: otherwise each change to the account
 * would send every request in flight past its kept answer at once (runs AQ).
 */
export function teamReadCache(maxBytes: number): TeamReadCache {
  if (!Number.isInteger(maxBytes) || maxBytes < 0)
    throw new RangeError(`maxBytes must be an integer >= 0, got ${maxBytes}`);
  const answers =
    maxBytes > 0
      ? new LRUCache<string, KeptAnswer>({
          maxSize: maxBytes,
          // UTF-16 in memory: two bytes a character, and the entry's own objects besides.
          sizeCalculation: (answer, key) =>
            2 * (answer.body.length + answer.etag.length + answer.revision.length + key.length) + 64,
        })
      : undefined;
  // JSON of an array: no separator can be forged by a field's text.
  const keyOf = (c: Caller, read: TeamRead) => JSON.stringify([c.accountId, c.userId, c.role, ...read]);
  const fetches = sharedAskPerKey<SentAnswer>();
  return {
    get: (caller, read) => answers?.get(keyOf(caller, read)),
    // lru-cache does not keep (and drops the old entry of) an answer larger than the whole budget.
    keep: (caller, read, answer) => void answers?.set(keyOf(caller, read), answer),
    forget: (caller, read) => void answers?.delete(keyOf(caller, read)),
    shared: (caller, read, fetch) => fetches(keyOf(caller, read), fetch),
  };
}
