#!/usr/bin/env node
// Starts PostgreSQL, Redis and NATS when they are not answering (used by .ci/run; npm start and
// the e2e setup do the same through scripts/stack.mjs).
import { ensureInfrastructure } from './lib/infra.mjs';

ensureInfrastructure((line) => console.log(`[infra] ${line}`)).then(
  () => console.log('[infra] PostgreSQL, Redis and NATS are up'),
  (e) => {
    console.error(`[infra] ${e instanceof Error ? e.message : e}`);
    process.exit(1);
  },
);
