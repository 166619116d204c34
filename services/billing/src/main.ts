import { loadMigrationConfig } from '@parley/config';
import { runProgram } from '@parley/program';
import { loadConfig } from './config';
import { migrateBilling, startBilling } from './start';

runProgram('billing', loadConfig, startBilling, {
  loadConfig: () => loadMigrationConfig('billing'),
  run: migrateBilling,
});
