export * from './events';
export * from './editorial';
