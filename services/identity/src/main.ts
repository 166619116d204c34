import { runProgram } from '@parley/program';
import { loadConfig } from './config';
import { migrateIdentity, startIdentity } from './start';

runProgram('identity', loadConfig, startIdentity, migrateIdentity);
