export * from './newsletter';
export * from './in-app';
