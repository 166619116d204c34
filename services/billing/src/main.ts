import { runProgram } from '@parley/program';
import { loadConfig } from './config';
import { migrateBilling, startBilling } from './start';

runProgram('billing', loadConfig, startBilling, migrateBilling);
