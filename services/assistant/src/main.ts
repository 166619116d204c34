import { loadMigrationConfig } from '@parley/config';
import { runProgram } from '@parley/program';
import { migrateAssistant, startAssistant } from './start';
import { loadConfig } from './config';

runProgram('assistant', loadConfig, startAssistant, {
  loadConfig: () => loadMigrationConfig('assistant'),
  run: migrateAssistant,
});
