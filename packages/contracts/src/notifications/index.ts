export * from './newsletter';
export * from './in-app';
export * from './marketing';
