export * from './api';
export { streamName, subjectFor, contextSubjects, aggregateSubjects, InvalidNameError } from './names';
export {
  ensureStream,
  eventStreamConfig,
  DEFAULT_DUPLICATE_WINDOW_MS,
  type EnsureStreamOptions,
} from './stream';
export { EventStore, type EventStoreOptions } from './event-store';
export {
  executeCommand,
  foldEvents,
  priorEvents,
  retryDelayMs,
  type ExecuteCommandOptions,
  type CommandOutcome,
} from './execute-command';
export type { DirectQuery } from './direct-get';
export { exactGet } from './exact-get';
export { ConcurrencyError, PartialAppendError, CorruptEventError, MalformedEventError } from './errors';
export {
  EVENT_TYPE_HEADER,
  BATCH_SIZE_HEADER,
  decodeEvent,
  decodePayload,
  parseEventId,
  type StoredEventMessage,
} from './wire';
export { connectEventBus } from './event-bus';
export { nextTurn } from './next-turn';
export { parseEventData, type EventDataSchema } from './parse-event-data';
