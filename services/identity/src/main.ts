import { loadMigrationConfig } from '@parley/config';
import { runProgram } from '@parley/program';
import { loadConfig } from './config';
import { migrateIdentity, startIdentity } from './start';

runProgram('identity', loadConfig, startIdentity, {
  loadConfig: () => loadMigrationConfig('identity'),
  run: migrateIdentity,
});
