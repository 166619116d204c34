export * from './messages';
export * from './auth';
export { fieldErrors } from './field-errors';
