import { Router } from 'express';

export interface ReadinessCheck {
  /** Each dependency's state; the gateway is ready only when all are up. */
  (): Promise<Record<string, boolean>>;
}

/** What /readyz reports beside its checks, without bearing on readiness (dead letters per projection). */
export interface ReadinessDetails {
  (): Promise<Record<string, unknown>>;
}

/**
 * Liveness says the process answers; readiness says it can serve (identity and Redis reachable),
 * with details an operator wants on the same page.
 */
export function healthRoutes(isReady: ReadinessCheck, details?: ReadinessDetails): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    const [checks, more] = await Promise.all([isReady(), details?.()]);
    const ready = Object.values(checks).every(Boolean);
    const view = Object.fromEntries(Object.entries(checks).map(([name, up]) => [name, up ? 'up' : 'down']));
    res
      .set('Cache-Control', 'no-store')
      .status(ready ? 200 : 503)
      .json({ status: ready ? 'ready' : 'not_ready', checks: view, ...(more ? { details: more } : {}) });
  });
  return router;
}
