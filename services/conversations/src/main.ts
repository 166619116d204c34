import { runProgram } from '@parley/program';
import { loadConfig } from './config';
import { startConversations } from './start';

runProgram('conversations', loadConfig, startConversations);
