/**
 * The gateway as the realtime benchmark runs it: its own process (so its memory is its own),
 * configured from the environment like the real program, driven over IPC:
 *   parent -> { type: 'memory' }  child -> { type: 'memory', rss, heapUsed, external }  (after GC)
 *   parent -> { type: 'loop' }    child -> { type: 'loop', p50, p99, max }  event-loop delay (ms) since the last ask
 *   parent -> { type: 'stop' }    child stops the gateway and exits.
 * Run with --expose-gc so the memory figures are taken after a full collection.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createLogger } from '@parley/logger';
import { loadGatewayConfig } from '../../gateway/src/config';
import { startGateway } from '../../gateway/src/start';

function collect(): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('run with --expose-gc');
  // Twice: the first pass may only queue finalisers that free more.
  gc();
  gc();
}

async function main(): Promise<void> {
  const config = loadGatewayConfig(process.env);
  const gateway = await startGateway(config, createLogger('gateway', config.logLevel));
  // How long callbacks wait for the loop: a busy gateway delays every relayed event by this much.
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  process.on('message', (message: { type: string }) => {
    if (message.type === 'memory') {
      collect();
      const { rss, heapUsed, external } = process.memoryUsage();
      process.send!({ type: 'memory', rss, heapUsed, external });
    } else if (message.type === 'loop') {
      const ms = (ns: number) => Math.round(ns / 1e4) / 100;
      process.send!({
        type: 'loop',
        p50: ms(loop.percentile(50)),
        p99: ms(loop.percentile(99)),
        max: ms(loop.max),
      });
      loop.reset();
    } else if (message.type === 'stop') {
      void gateway.stop().finally(() => process.exit(0));
    }
  });
  process.send!({ type: 'ready', port: gateway.port });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
