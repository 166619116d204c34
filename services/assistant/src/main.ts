import { runProgram } from '@parley/program';
import { startAssistant } from './start';
import { loadConfig } from './config';

runProgram('assistant', loadConfig, startAssistant);
