export type { Projection, ProjectionRunner } from './api';
export { ensureProjectionSchema, CHECKPOINTS, DEAD_LETTERS } from './schema';
export {
  openProjectionDatabase,
  migrateProjectionDatabase,
  type ProjectionDatabaseOptions,
} from './database';
export { startProjection, type StartProjectionOptions } from './runner';
export {
  projectionStarter,
  type OwnProjectionOptions,
  type ProjectionStarter,
  type SharedProjectionOptions,
  type StopSteps,
} from './starter';
export { resetProjection } from './reset';
export { applyRetryDelayMs, attemptsForDelivery } from './retry';
export { isTransientDatabaseError, isTransientError } from './transient';
export { isDeterministicError } from './deterministic';
export { storableEvent, storableText, storableValue, REPLACEMENT_CHARACTER } from './storable';
export { domainMembershipProjection, type DomainMembershipOptions } from './domain-membership';
// The parts a consumer of its own (concurrent, not one event at a time) builds on.
export { advanceCheckpoint, readCheckpoint, registerCheckpoint, type ProjectionKey } from './checkpoint';
export { recreateDurable, type DurableSpec } from './consumer';
export {
  consumeInOrder,
  openOrderedSession,
  type ConsumeInOrderOptions,
  type OpenOrderedSessionOptions,
} from './ordered-session';
export { LeaderLock } from './leader';
export { DurableLoop, type DurableLoopOptions } from './durable-loop';
// Dead letters: what an operator lists and replays, and what readiness reports.
export {
  deadLetterCounts,
  errorText,
  insertDeadLetter,
  markReplayed,
  requestedReplays,
  type DeadLetter,
  type Queryable,
} from './dead-letters';
export { ReplayWatcher, type ReplayWatcherOptions } from './replays';
export {
  listDeadLetters,
  replayProgress,
  requestReplay,
  type ParkedLetter,
  type ReplayProgress,
  type ReplayRequestOutcome,
} from './operator';
export { projectionsGrpcService } from './grpc-service';
export { projectionMetrics, type MeasuredConsumer } from './metrics';
export { startSharedProjections, type StartSharedProjectionsOptions } from './shared-runner';
export { GROUP_LINGER_MS } from './runner-settings';
