import { compareCursors } from '@parley/contracts';
import type { RedisClientType } from 'redis';
import { cachedScript } from '../redis/cached-script';
import { ANNOUNCE_IDS_LUA, announcementParts } from './event-announcement';
import type { Emission } from './event-routing';
import { streamUpkeep } from './stream-upkeep';

/** The spec's buffer: the last 500 events or 1 hour per channel. */
export const REPLAY_MAX_ENTRIES = 500;
export const REPLAY_MAX_AGE_MS = 60 * 60 * 1000;
/** How often each replica trims a room's stream by age and re-expires it (stream-upkeep.ts). */
export const REPLAY_UPKEEP_PERIOD_MS = 60 * 1000;

/** One buffered event, as replayed to a re-subscribing socket. */
export interface BufferedEvent {
  cursor: string;
  channel: string;
  event: string;
  data: unknown;
}

export type ReplayResult =
  | { reset: false; events: BufferedEvent[]; cursor: string | null }
  /** `since` is older than what the buffer still holds: the client refetches over REST. */
  | { reset: true; cursor: string | null };

export interface ReplayBuffer {
  /**
   * Records one relayed event's emissions, once: returns each emission's cursor in order, or
   * undefined when this event id was already recorded (a JetStream redelivery). With `announce`,
   * the same script publishes the event to the other replicas (event-announcement.ts).
   */
  record(eventKey: string, emissions: readonly Emission[]): Promise<string[] | undefined>;
  /** What an internal room carried after `since` (everything it holds when `since` is omitted: just the cursor). */
  since(room: string, since: string | undefined): Promise<ReplayResult>;
}

/**
 * One round trip per event: the de-duplication mark and every XADD happen in one script, so a
 * redelivered event can neither be buffered twice nor half. Keys: KEYS[1] the event's mark,
 * KEYS[2..] one stream per emission; ARGV[5] one character per emission, '1' when its stream is
 * due for upkeep (stream-upkeep.ts); ARGV[6..] the emissions' entries, then for each the number
 * of an earlier emission of the same socket event whose entry id it reuses (0: none), so that
 * one broadcast with one cursor can reach both rooms. When a stream already holds a later id (it
 * cannot take that one), its entry gets its own. Every XADD trims its stream to ~MAXLEN; a stream
 * due for upkeep is also trimmed to entries younger than the max age and expires when the
 * channel stays quiet that long (and a period: ARGV[4]), even when the event is a redelivery.
 * Last, ARGV[6 + 2n] (when not empty) is the channel to announce the event on, with the message's
 * parts around the ids: published here, an announcement exists exactly when the event was recorded.
 */
const RECORD_SCRIPT = `
local n = #KEYS - 1
local upkeep = ARGV[5]
local function keep(k)
  if string.byte(upkeep, k) == 49 then
    redis.call('XTRIM', KEYS[k + 1], 'MINID', '~', ARGV[3])
    redis.call('PEXPIRE', KEYS[k + 1], ARGV[4])
  end
end
if not redis.call('SET', KEYS[1], '1', 'NX', 'PX', ARGV[1]) then
  for k = 1, n do keep(k) end
  return false
end
local ids = {}
for k = 1, n do
  local key = KEYS[k + 1]
  local same = tonumber(ARGV[5 + n + k])
  local id = nil
  if same > 0 then
    local reply = redis.pcall('XADD', key, 'MAXLEN', '~', ARGV[2], ids[same], 'e', ARGV[5 + k])
    if type(reply) == 'string' then id = reply end
  end
  if not id then id = redis.call('XADD', key, 'MAXLEN', '~', ARGV[2], '*', 'e', ARGV[5 + k]) end
  ids[k] = id
  keep(k)
end
local channel = ARGV[6 + 2 * n]
if channel ~= '' then
  redis.call('PUBLISH', channel, ARGV[7 + 2 * n] .. ${ANNOUNCE_IDS_LUA} .. ARGV[8 + 2 * n])
end
return ids`;

/** For each emission, the number (1-based) of the first earlier one it repeats to another room, or 0. */
export function repeatsOf(emissions: readonly Emission[]): number[] {
  return emissions.map((e, i) => {
    const first = emissions.findIndex(
      (o) => o.event === e.event && o.channel === e.channel && o.data === e.data,
    );
    return first < i ? first + 1 : 0;
  });
}

export { compareCursors };

const CURSOR = /^\d{1,20}-\d{1,20}$/;
export const isCursor = (value: unknown): value is string => typeof value === 'string' && CURSOR.test(value);

export function createReplayBuffer(
  redis: RedisClientType,
  options: {
    keyPrefix: string;
    dedupeTtlMs: number;
    maxEntries?: number;
    maxAgeMs?: number;
    upkeepPeriodMs?: number;
    /** Where each recorded event is announced to the other replicas, and this replica's name in it. */
    announce?: { channel: string; origin: string };
  },
): ReplayBuffer {
  const maxEntries = options.maxEntries ?? REPLAY_MAX_ENTRIES;
  const maxAgeMs = options.maxAgeMs ?? REPLAY_MAX_AGE_MS;
  const upkeepPeriodMs = options.upkeepPeriodMs ?? REPLAY_UPKEEP_PERIOD_MS;
  const upkeep = streamUpkeep(upkeepPeriodMs);
  const streamKey = (room: string) => `${options.keyPrefix}:rt:buf:${room}`;
  const markKey = (eventKey: string) => `${options.keyPrefix}:rt:ev:${eventKey}`;
  const runScript = cachedScript(redis, RECORD_SCRIPT);
  const announce = options.announce;
  const announcement = (emissions: readonly Emission[], entries: string[], repeats: number[]) => {
    if (!announce) return ['', '', ''];
    const { head, tail } = announcementParts(announce.origin, emissions, entries, repeats);
    return [announce.channel, head, tail];
  };

  return {
    async record(eventKey, emissions) {
      const keys = [markKey(eventKey), ...emissions.map((e) => streamKey(e.room))];
      const repeats = repeatsOf(emissions);
      const entries: string[] = [];
      emissions.forEach((e, i) => {
        const repeated = repeats[i]! > 0 ? entries[repeats[i]! - 1] : undefined;
        entries.push(repeated ?? JSON.stringify({ c: e.channel, n: e.event, d: e.data }));
      });
      let due = '';
      for (const e of emissions) due += upkeep.due(e.room) ? '1' : '0';
      const args = [
        String(options.dedupeTtlMs),
        String(maxEntries),
        String(Date.now() - maxAgeMs),
        String(maxAgeMs + upkeepPeriodMs),
        due,
        ...entries,
        ...repeats.map(String),
        ...announcement(emissions, entries, repeats),
      ];
      let ids: unknown;
      try {
        ids = await runScript({ keys, arguments: args });
      } catch (error) {
        emissions.forEach((e, i) => due[i] === '1' && upkeep.missed(e.room));
        throw error;
      }
      return Array.isArray(ids) ? ids.map(String) : undefined;
    },

    async since(room, since) {
      const key = streamKey(room);
      const info = await streamInfo(redis, key);
      if (!info)
        // Nothing was ever sent, or the channel went quiet for the whole buffer age: either way
        // a client that saw something before cannot be told what came after it.
        return since === undefined
          ? { reset: false, events: [], cursor: null }
          : { reset: true, cursor: null };
      if (since === undefined) return { reset: false, events: [], cursor: info.lastId };
      // Entries after `since` were trimmed (or the whole stream expired and was begun anew, which
      // takes an hour without events): the client missed something the buffer no longer has.
      // (Redis does not say which ids were trimmed, only the first one left: a client whose
      // `since` is the very last trimmed entry is told to reset too, which is merely cautious.)
      const trimmedAfterSince = info.trimmed && compareCursors(since, info.firstId) < 0;
      if (trimmedAfterSince || Number(since.split('-')[0]) < Date.now() - maxAgeMs)
        return { reset: true, cursor: info.lastId };
      const entries = await redis.xRange(key, `(${since}`, '+', { COUNT: maxEntries * 2 });
      const events: BufferedEvent[] = [];
      for (const entry of entries) {
        const raw = entry.message.e;
        if (typeof raw !== 'string') continue;
        const { c, n, d } = JSON.parse(raw) as { c: string; n: string; d: unknown };
        events.push({ cursor: entry.id, channel: c, event: n, data: d });
      }
      return { reset: false, events, cursor: events.at(-1)?.cursor ?? info.lastId };
    },
  };
}

/** XINFO STREAM, raw (reply shapes differ between RESP versions and client releases). */
async function streamInfo(
  redis: RedisClientType,
  key: string,
): Promise<{ lastId: string; firstId: string; trimmed: boolean } | undefined> {
  let reply: unknown;
  try {
    reply = await redis.sendCommand(['XINFO', 'STREAM', key]);
  } catch (error) {
    if (error instanceof Error && /no such key/i.test(error.message)) return undefined;
    throw error;
  }
  const fields = new Map<string, unknown>();
  if (Array.isArray(reply))
    for (let i = 0; i + 1 < reply.length; i += 2) fields.set(String(reply[i]), reply[i + 1]);
  else if (reply instanceof Map) for (const [k, v] of reply) fields.set(String(k), v);
  const added = Number(fields.get('entries-added') ?? 0);
  const length = Number(fields.get('length') ?? 0);
  return {
    lastId: String(fields.get('last-generated-id') ?? '0-0'),
    firstId: String(fields.get('recorded-first-entry-id') ?? '0-0'),
    // Trimming (MAXLEN/MINID) does not move max-deleted-entry-id, but the count shows it.
    trimmed: added > length,
  };
}
