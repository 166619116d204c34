import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';
import type { FrontendMeter } from './meter';

// The frontend's series (docs/operations.md#metrics). Names and the program label follow
// packages/metrics, which the frontend may not import (the boundary rules).

/** Seconds; the proxy's own work is a cached settings read, at worst a call to the gateway. */
const PROXY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

export interface FrontendMetrics {
  registry: Registry;
  meter: FrontendMeter;
}

/** A registry with the process metrics and the frontend's own, every series labelled program="frontend". */
export function createFrontendMetrics(): FrontendMetrics {
  const registry = new Registry();
  registry.setDefaultLabels({ program: 'frontend' });
  collectDefaultMetrics({ register: registry, prefix: 'parley_' });

  const proxyRequests = new Counter({
    name: 'parley_frontend_proxy_requests_total',
    help: 'Page requests the proxy decided, by page route and decision (allow, redirect)',
    labelNames: ['route', 'outcome'] as const,
    registers: [registry],
  });
  const proxyDuration = new Histogram({
    name: 'parley_frontend_proxy_duration_seconds',
    help: "The proxy's own time before a page renders (system settings, admin check), by decision",
    labelNames: ['outcome'] as const,
    buckets: PROXY_BUCKETS,
    registers: [registry],
  });
  const requestErrors = new Counter({
    name: 'parley_frontend_request_errors_total',
    help: 'Server errors Next.js caught, by where (render, route, action, proxy) and route file',
    labelNames: ['route_type', 'route'] as const,
    registers: [registry],
  });

  return {
    registry,
    meter: {
      proxyDecided(route, outcome, seconds) {
        proxyRequests.inc({ route, outcome });
        proxyDuration.observe({ outcome }, seconds);
      },
      requestFailed(routeType, routePath) {
        requestErrors.inc({ route_type: routeType, route: routePath });
      },
    },
  };
}
