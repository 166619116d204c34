import { LRUCache } from 'lru-cache';
import type { Caller } from '@parley/grpc';

/** A page of the conversation list as it was sent, with the revision conversations named it by. */
export interface KeptRoomList {
  revision: string;
  /** The response body, exactly as sent. */
  body: string;
  /** Its ETag as express made it ('' when ETags are off). */
  etag: string;
}

/** What a list request asks; everything that can change its answer for the same rows. */
export interface RoomListQuery {
  filter: string;
  domainId: string;
  limit?: number;
  cursor: string;
}

export interface RoomListCache {
  get(caller: Caller, query: RoomListQuery): KeptRoomList | undefined;
  keep(caller: Caller, query: RoomListQuery, page: KeptRoomList): void;
  forget(caller: Caller, query: RoomListQuery): void;
}

/**
 * The last page of the conversation list the gateway sent for each caller and query, so that a
 * repeat whose rows conversations confirms unchanged (ListRooms' if_revision) is answered without
 * the page crossing gRPC or being parsed, viewed, stringified and hashed again: most of the
 * gateway's CPU for a list read (docs/benchmarks.md, runs AL). Keyed by the user and role as well
 * as the account: an agent's page holds only the rooms shared with them. Bounded by bytes, least
 * recently used dropped first; `maxBytes` 0 keeps nothing.
 */
export function roomListCache(maxBytes: number): RoomListCache {
  if (!Number.isInteger(maxBytes) || maxBytes < 0)
    throw new RangeError(`maxBytes must be an integer >= 0, got ${maxBytes}`);
  const pages =
    maxBytes > 0
      ? new LRUCache<string, KeptRoomList>({
          maxSize: maxBytes,
          // UTF-16 in memory: two bytes a character, and the key and revision besides.
          sizeCalculation: (page, key) => 2 * (page.body.length + page.etag.length + key.length) + 64,
        })
      : undefined;
  // JSON of an array: no separator can be forged by a field's text.
  const keyOf = (c: Caller, q: RoomListQuery) =>
    JSON.stringify([c.accountId, c.userId, c.role, q.filter, q.domainId, q.limit ?? 0, q.cursor]);
  return {
    get: (caller, query) => pages?.get(keyOf(caller, query)),
    keep(caller, query, page) {
      const key = keyOf(caller, query);
      // lru-cache refuses (and drops the old entry of) a page larger than the whole budget.
      if (pages) pages.set(key, page);
    },
    forget: (caller, query) => void pages?.delete(keyOf(caller, query)),
  };
}
