import {
  DiscardPolicy,
  nanos,
  RetentionPolicy,
  StorageType,
  type JetStreamManager,
  type NatsConnection,
  type StreamConfig,
} from 'nats';
import { apiErrorCode } from './errors';
import { contextSubjects, streamName } from './names';

export interface EnsureStreamOptions {
  /** How long JetStream remembers msgIDs to drop re-published events. Default 2 minutes. */
  duplicateWindowMs?: number;
  /**
   * Copies of the stream the JetStream cluster keeps (1-5; 3 in production, 1 on a single server).
   * The owning service passes its configured STREAM_REPLICAS; a reader that only makes sure another
   * context's stream exists leaves it unset, which creates with 1 and never changes an existing
   * stream's count, so owner and readers do not undo each other's update.
   */
  replicas?: number;
}

export const DEFAULT_DUPLICATE_WINDOW_MS = 2 * 60 * 1000;
const STREAM_NOT_FOUND = 10059;
const STREAM_NAME_IN_USE = 10058;
/** nats-server 2.9 answers this, not 'name in use', to the loser of two creates racing. */
const SUBJECTS_OVERLAP = 10065;

/** The settings every context stream has: the log is the source of truth, so nothing ever expires. */
export function eventStreamConfig(
  context: string,
  namespace: string | undefined,
  options: EnsureStreamOptions = {},
): Partial<StreamConfig> & { name: string } {
  const windowMs = options.duplicateWindowMs ?? DEFAULT_DUPLICATE_WINDOW_MS;
  if (!Number.isInteger(windowMs) || windowMs < 1000)
    throw new RangeError(`duplicateWindowMs must be an integer >= 1000, got ${windowMs}`);
  return {
    name: streamName(context, namespace),
    subjects: [contextSubjects(context, namespace)],
    storage: StorageType.File,
    retention: RetentionPolicy.Limits,
    // With no limits set nothing is ever discarded; 'new' makes a limit added by mistake refuse
    // writes instead of silently dropping history.
    discard: DiscardPolicy.New,
    max_age: 0,
    max_msgs: -1,
    max_bytes: -1,
    max_msgs_per_subject: -1,
    deny_delete: true,
    deny_purge: true,
    allow_rollup_hdrs: false,
    duplicate_window: nanos(windowMs),
    // Direct get answers load()'s "last event of this aggregate" without a consumer.
    allow_direct: true,
    num_replicas: replicasOf(options.replicas),
  };
}

function replicasOf(replicas: number | undefined): number {
  if (replicas === undefined) return 1;
  if (!Number.isInteger(replicas) || replicas < 1 || replicas > 5)
    throw new RangeError(`replicas must be an integer 1-5, got ${replicas}`);
  return replicas;
}

function differs(current: Partial<StreamConfig>, wanted: Partial<StreamConfig>): boolean {
  return (Object.keys(wanted) as (keyof StreamConfig)[]).some(
    (k) => JSON.stringify(current[k]) !== JSON.stringify(wanted[k]),
  );
}

/** Creates the context's stream, or brings an existing one to the wanted settings. Returns its name. */
export async function ensureStream(
  nc: NatsConnection,
  context: string,
  namespace?: string,
  options: EnsureStreamOptions = {},
): Promise<string> {
  const wanted = eventStreamConfig(context, namespace, options);
  const jsm = await nc.jetstreamManager();
  for (let attempt = 0; attempt < 3; attempt++) {
    const current = await streamConfig(jsm, wanted.name);
    if (current === undefined) {
      try {
        await jsm.streams.add(wanted);
        return wanted.name;
      } catch (e) {
        // Another replica created it a moment ago: look again and update if needed.
        if (apiErrorCode(e) === STREAM_NAME_IN_USE) continue;
        // An overlap with our own stream, just created by the other: look again. With another
        // stream holding the subjects it stays an error.
        if (apiErrorCode(e) === SUBJECTS_OVERLAP && (await streamConfig(jsm, wanted.name))) continue;
        throw e;
      }
    }
    if (options.replicas === undefined) wanted.num_replicas = current.num_replicas;
    if (differs(current, wanted)) await jsm.streams.update(wanted.name, wanted);
    return wanted.name;
  }
  throw new Error(`could not create or update stream ${wanted.name}`);
}

async function streamConfig(jsm: JetStreamManager, name: string): Promise<StreamConfig | undefined> {
  try {
    return (await jsm.streams.info(name)).config;
  } catch (e) {
    if (apiErrorCode(e) === STREAM_NOT_FOUND) return undefined;
    throw e;
  }
}
