export * from './messages';
export * from './auth';
export { fieldErrors } from './field-errors';
export * from './domain-messages';
export * from './domains';
export * from './content';
export * from './team';
export * from './conversations';
export * from './payments';
