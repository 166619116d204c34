import { runProgram } from '@parley/program';
import { loadConfig } from './config';
import { startNotifications } from './start';

runProgram('notifications', loadConfig, startNotifications);
