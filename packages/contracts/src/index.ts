export * from './errors';
export * from './plans';
export * from './identity/events';
export type Role = 'OWNER' | 'AGENT' | 'ADMIN';
export * from './notifications';
export * from './domains/events';
export * from './billing/events';
export * from './content';
