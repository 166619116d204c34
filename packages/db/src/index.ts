export { ensureDatabase, databaseUrlFor } from './ensure-database';
export { migrate } from './migrate';
export { withTransaction } from './transaction';
export { openDatabase, type OpenDatabaseOptions, type DatabaseLogger } from './open-database';
export { migrationFiles, pendingMigrations, requireMigrated, SchemaBehindError } from './pending-migrations';
