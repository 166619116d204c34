// Streams on a test cluster (startNatsCluster): created once the cluster can take them, and
// waited for until every replica is current.
import { connectEventBus, ensureStream, type EventStore } from '@parley/eventstore';
import type { JetStreamManager, NatsConnection, StreamInfo } from 'nats';
import type { ClusterNode, NatsCluster } from './nats-cluster';

/** An R3 event stream; the cluster answers JetStream requests only once its meta leader is elected. */
export async function ensureReplicatedStream(
  nc: NatsConnection,
  context: string,
  namespace: string,
): Promise<string> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      return await ensureStream(nc, context, namespace, { replicas: 3 });
    } catch (e) {
      if (Date.now() > deadline) throw e;
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}

/** The stream's info once it has a leader and `size - 1` followers, all current and caught up. */
export async function waitForCurrentReplicas(
  jsm: JetStreamManager,
  stream: string,
  size = 3,
): Promise<StreamInfo> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const info = await jsm.streams.info(stream).catch(() => undefined);
    const replicas = info?.cluster?.replicas ?? [];
    if (
      info?.cluster?.leader &&
      replicas.length === size - 1 &&
      replicas.every((r) => r.current && !r.offline && (r.lag ?? 0) === 0)
    )
      return info;
    if (Date.now() > deadline)
      throw new Error(`stream ${stream} has no ${size} current replicas: ${JSON.stringify(info?.cluster)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Connections to the node that leads `info`'s stream and to one of its followers (to pause). */
export async function connectLeaderAndFollower(
  cluster: NatsCluster,
  info: StreamInfo,
  name: string,
): Promise<{ toLeader: NatsConnection; toFollower: NatsConnection; follower: ClusterNode }> {
  const leader = cluster.nodes.find((n) => n.name === info.cluster?.leader);
  const follower = cluster.nodes.find((n) => n.name === info.cluster?.replicas?.[0]?.name);
  if (!leader || !follower) throw new Error(`stream ${info.config.name} has no leader and follower`);
  const [toLeader, toFollower] = await Promise.all([
    connectEventBus(leader.url, `${name}-to-leader`),
    connectEventBus(follower.url, `${name}-to-follower`),
  ]);
  return { toLeader, toFollower, follower };
}

/**
 * `writers` aggregates of `aggregate` (ids w0, w1, ...), each appended `eachWrites` events in turn,
 * all at once: load on the stream. Resolves each subject's last acknowledged version.
 */
export async function appendConcurrently(
  store: EventStore,
  o: { aggregate: string; writers: number; eachWrites: number },
): Promise<Map<string, number>> {
  const acked = new Map<string, number>();
  await Promise.all(
    Array.from({ length: o.writers }, async (_, w) => {
      const subject = store.subject(o.aggregate, `w${w}`);
      for (let n = 0, version = 0; n < o.eachWrites; n++) {
        version = (
          await store.append(subject, [{ type: 'Added', data: { n } }], {
            expectedVersion: version,
            commandId: `${o.aggregate}-w${w}-${n}`,
          })
        ).version;
        acked.set(subject, version);
      }
    }),
  );
  return acked;
}
