export * from './events';
export * from './views';
export * from './realtime';
export * from './booking';
export * from './assistant-signal';
export * from './message-view';
export * from './error-codes';
