import { runProgram } from '@parley/program';
import { loadGatewayConfig } from './config';
import { startGateway } from './start';

runProgram('gateway', loadGatewayConfig, startGateway);
