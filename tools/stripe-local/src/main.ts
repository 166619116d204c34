import { runProgram } from '@parley/program';
import { loadConfig } from './config';
import { startStripeLocal } from './start';

runProgram('stripe-local', loadConfig, startStripeLocal);
