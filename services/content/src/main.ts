import { runProgram } from '@parley/program';
import { loadConfig } from './config';
import { migrateContent, startContent } from './start';

runProgram('content', loadConfig, startContent, migrateContent);
