import { loadMigrationConfig } from '@parley/config';
import { runProgram } from '@parley/program';
import { loadConfig } from './config';
import { migrateConversations, startConversations } from './start';

runProgram('conversations', loadConfig, startConversations, {
  loadConfig: () => loadMigrationConfig('conversations'),
  run: migrateConversations,
});
