import { runProgram } from '@parley/program';
import { migrateAssistant, startAssistant } from './start';
import { loadConfig } from './config';

runProgram('assistant', loadConfig, startAssistant, migrateAssistant);
