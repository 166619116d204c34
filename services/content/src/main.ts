import { runProgram } from '@parley/program';
import { loadConfig } from './config';
import { startContent } from './start';

runProgram('content', loadConfig, startContent);
