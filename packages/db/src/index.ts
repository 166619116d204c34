export { ensureDatabase, databaseUrlFor } from './ensure-database';
export { migrate } from './migrate';
export { withTransaction } from './transaction';
