import { runProgram } from '@parley/program';
import { loadConfig } from './config';
import { migrateDomains, startDomains } from './start';

runProgram('domains', loadConfig, startDomains, migrateDomains);
