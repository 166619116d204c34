/**
 * What the request path reports to the metrics, without loading prom-client: instrumentation.ts
 * installs a meter when METRICS_PORT is set, and the proxy and onRequestError report to it. It
 * lives on globalThis because Next bundles the proxy and the instrumentation hook apart, so a
 * module-level variable would be two variables; both run in the one Node.js process.
 */
export type ProxyOutcome = 'allow' | 'redirect';

export interface FrontendMeter {
  /** The proxy decided about a page request (its own time: settings read, admin check). */
  proxyDecided(route: string, outcome: ProxyOutcome, seconds: number): void;
  /** Next caught a server error: rendering, a route handler, a server action or the proxy. */
  requestFailed(routeType: string, routePath: string): void;
}

const KEY = Symbol.for('parley.frontend.meter');
type Holder = { [KEY]?: FrontendMeter };

export function installMeter(meter: FrontendMeter): void {
  (globalThis as Holder)[KEY] = meter;
}

/** The installed meter, or undefined when the frontend serves no metrics. */
export function currentMeter(): FrontendMeter | undefined {
  return (globalThis as Holder)[KEY];
}
