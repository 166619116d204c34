import { runProgram } from '@parley/program';
import { loadConfig } from './config';
import { startDomains } from './start';

runProgram('domains', loadConfig, startDomains);
