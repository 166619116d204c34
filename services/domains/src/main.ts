import { loadMigrationConfig } from '@parley/config';
import { runProgram } from '@parley/program';
import { loadConfig } from './config';
import { migrateDomains, startDomains } from './start';

runProgram('domains', loadConfig, startDomains, {
  loadConfig: () => loadMigrationConfig('domains'),
  run: migrateDomains,
});
