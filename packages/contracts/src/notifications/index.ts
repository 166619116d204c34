export * from './newsletter';
export * from './in-app';
export * from './marketing';
export * from './error-codes';
