export { randomNamespace } from './namespace';
export { connectTestNats, deleteNamespaceStreams, TEST_NATS_URL } from './nats';
export { startTestDnsServer, type TestDnsServer } from './dns-server';
export { startNatsCluster, clusterBasePort, type NatsCluster, type ClusterNode } from './nats-cluster';
export {
  appendConcurrently,
  connectLeaderAndFollower,
  ensureReplicatedStream,
  waitForCurrentReplicas,
} from './cluster-streams';
export { createTestDatabase, TEST_DATABASE_SERVER, type TestDatabase } from './database';
export { deciderSpec } from './decider-spec';
export { eventually } from './eventually';
export { domainsEvents } from './domains-events';
export { unstorable, storedFrom, deadLetters } from './unstorable';
export { startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from './otlp-receiver';
