import { loadMigrationConfig } from '@parley/config';
import { runProgram } from '@parley/program';
import { loadConfig } from './config';
import { migrateNotifications, startNotifications } from './start';

runProgram('notifications', loadConfig, startNotifications, {
  loadConfig: () => loadMigrationConfig('notifications'),
  run: migrateNotifications,
});
