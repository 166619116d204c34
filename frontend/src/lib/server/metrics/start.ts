import { runtimeConfig } from '../runtime-config';
import { createFrontendMetrics } from './catalogue';
import { installMeter } from './meter';
import { serveMetrics } from './serve';

const STARTED = Symbol.for('parley.frontend.metricsStarted');
type Holder = { [STARTED]?: boolean };

/**
 * Called once from instrumentation.ts's register() (Node.js runtime): with METRICS_PORT set,
 * serves the metrics and installs the meter the proxy reports to. `next dev` may call it again
 * after a reload; the port is already served then.
 */
export async function startMetrics(): Promise<void> {
  const holder = globalThis as Holder;
  if (holder[STARTED]) return;
  const { metricsPort } = runtimeConfig();
  if (metricsPort === undefined) return;
  holder[STARTED] = true;
  const { registry, meter } = createFrontendMetrics();
  const { port } = await serveMetrics(registry, { port: metricsPort, host: '0.0.0.0' });
  installMeter(meter);
  console.log(`frontend: GET /metrics on port ${port}`);
}
