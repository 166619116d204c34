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
 *
 * A bad configuration or a port already taken stops the process: Next only logs a failing
 * register() and goes on answering every page with a 500, which no probe of a static route sees.
 */
export async function startMetrics(): Promise<void> {
  const holder = globalThis as Holder;
  if (holder[STARTED]) return;
  try {
    const { metricsPort } = runtimeConfig();
    if (metricsPort === undefined) return;
    holder[STARTED] = true;
    const { registry, meter } = createFrontendMetrics();
    // Where Next's standalone server listens (HOSTNAME, its own variable; 0.0.0.0 in the image
    // and in k8s): the test stack keeps both on the loopback.
    const host = process.env.HOSTNAME || '0.0.0.0';
    const { port } = await serveMetrics(registry, { port: metricsPort, host });
    installMeter(meter);
    console.log(`frontend: GET /metrics on ${host}:${port}`);
  } catch (e) {
    console.error(`frontend: cannot start: ${(e as Error).message}`);
    process.exit(1);
  }
}
