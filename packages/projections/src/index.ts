export type { Projection, ProjectionRunner } from './api';
export { ensureProjectionSchema, CHECKPOINTS, DEAD_LETTERS } from './schema';
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
export { isTransientDatabaseError } from './transient';
