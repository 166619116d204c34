import type { Instrumentation } from 'next';

/**
 * Runs once as the server starts: with METRICS_PORT set, the Node.js server serves GET /metrics
 * on that port (lib/server/metrics). Loaded only in the Node.js runtime: prom-client and node:http
 * have no place in an edge bundle.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { startMetrics } = await import('./lib/server/metrics/start');
  await startMetrics();
}

/** Counts the server errors Next catches; a no-op without metrics. */
export const onRequestError: Instrumentation.onRequestError = async (_error, _request, context) => {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { currentMeter } = await import('./lib/server/metrics/meter');
  currentMeter()?.requestFailed(context.routeType, context.routePath);
};
