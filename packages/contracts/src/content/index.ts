export * from './events';
export * from './editorial';
export * from './error-codes';
