import { runProgram } from '@parley/program';
import { loadConfig } from './config';
import { startMailcatcher } from './start';

runProgram('mailcatcher', loadConfig, startMailcatcher);
