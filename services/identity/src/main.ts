import { runProgram } from '@parley/program';
import { loadConfig } from './config';
import { startIdentity } from './start';

runProgram('identity', loadConfig, startIdentity);
