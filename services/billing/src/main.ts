import { runProgram } from '@parley/program';
import { loadConfig } from './config';
import { startBilling } from './start';

runProgram('billing', loadConfig, startBilling);
