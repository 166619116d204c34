export * from './schema';
export * from './schedule';
