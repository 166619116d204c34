import { runProgram } from '@parley/program';
import { loadConfig } from './config';
import { migrateNotifications, startNotifications } from './start';

runProgram('notifications', loadConfig, startNotifications, migrateNotifications);
