import { loadMigrationConfig } from '@parley/config';
import { runProgram } from '@parley/program';
import { loadConfig } from './config';
import { migrateContent, startContent } from './start';

runProgram('content', loadConfig, startContent, {
  loadConfig: () => loadMigrationConfig('content'),
  run: migrateContent,
});
