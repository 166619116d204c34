/**
 * The gateway as the realtime benchmark runs it: its own process (so its memory is its own),
 * configured from the environment like the real program, driven over IPC (child-ipc.ts).
 */
import { createLogger } from '@parley/logger';
import { loadGatewayConfig } from '../../gateway/src/config';
import { startGateway } from '../../gateway/src/start';
import { serveParent } from './child-ipc';

async function main(): Promise<void> {
  const config = loadGatewayConfig(process.env);
  const gateway = await startGateway(config, createLogger('gateway', config.logLevel));
  serveParent(gateway.port, () => gateway.stop());
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
