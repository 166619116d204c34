/**
 * An open-loop HTTP load at a steady rate: request i is due at start + i / rate, whatever became
 * of the ones before it, over up to `connections` keep-alive connections. Each request's latency
 * runs from when it was due to its whole answer, so a request that waited for a free connection
 * counts its wait (no coordinated omission).
 *
 * autocannon's `overallRate` is not this: each of its connections sends its share of a second
 * back to back as soon as the second starts and then pauses, so 500 req/s over 50 connections is
 * a 50-way burst of 500 requests in the first tenth of every second; and its latency correction
 * takes 1 / rate, in milliseconds, as the expected interval (docs/decisions.md, 38).
 *
 * The client shares the machine's two cores with what it measures, so it is undici's pool driven
 * through `dispatch` with a handler that only counts: 0.08 CPU-ms a request where node:http's
 * client took 0.38, requests coming together against a plain server. Paced, each request is
 * woken for on its own, and the client costs about 0.4 CPU-ms a request all the same.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Pool, type Dispatcher } from 'undici';
import { summarize, type LatencySummary } from './stats';

export interface PacedLoadOptions {
  /** Taken in turn, request after request (a load balancer's round robin over several servers). */
  urls: string[];
  headers: Record<string, string>;
  rate: number;
  seconds: number;
  connections: number;
  timeoutMs?: number;
}

export interface PacedLoadResult {
  requests: number;
  answered: number;
  requestsPerSecond: number;
  latencyMs: LatencySummary;
  non2xx: number;
  errors: number;
  /** Requests that found every connection busy when they were due and waited for one. */
  queued: number;
  /** Per answered request: when it was due (ms from the start) and its latency (ms). */
  samples: Array<[dueMs: number, latencyMs: number]>;
  /** This process's own event-loop delay (p99, max ms): a stall here delays sends and reads. */
  clientLoopDelayMs: { p99: number; max: number };
}

export async function pacedLoad(options: PacedLoadOptions): Promise<PacedLoadResult> {
  const perServer = Math.ceil(options.connections / options.urls.length);
  const pools = options.urls.map((url) => {
    const { origin, pathname, search } = new URL(url);
    const pool = new Pool(origin, {
      connections: perServer,
      pipelining: 1,
      headersTimeout: options.timeoutMs ?? 10_000,
      bodyTimeout: options.timeoutMs ?? 10_000,
    });
    return { pool, path: `${pathname}${search}`, inFlight: 0 };
  });
  const loopDelay = monitorEventLoopDelay({ resolution: 5 });
  loopDelay.enable();
  const total = Math.round(options.rate * options.seconds);
  const intervalMs = 1000 / options.rate;
  const samples: Array<[number, number]> = [];
  let answered = 0;
  let non2xx = 0;
  let errors = 0;
  let queued = 0;
  let settled = 0;
  let allSettled: () => void = () => undefined;
  const done = new Promise<void>((resolve) => (allSettled = resolve));
  const start = performance.now();

  const send = (dueAt: number, n: number) => {
    const target = pools[n % pools.length]!;
    if (target.inFlight >= perServer) queued++;
    target.inFlight++;
    let status = 0;
    const settle = () => {
      target.inFlight--;
      if (++settled === total) allSettled();
    };
    const handler: Dispatcher.DispatchHandler = {
      // Its presence tells undici this handler speaks the current handler interface.
      onRequestStart: () => undefined,
      onResponseStart: (_controller, statusCode) => void (status = statusCode),
      onResponseData: () => undefined,
      onResponseEnd: () => {
        answered++;
        if (status < 200 || status >= 300) non2xx++;
        else samples.push([dueAt - start, performance.now() - dueAt]);
        settle();
      },
      onResponseError: () => {
        errors++;
        settle();
      },
    };
    target.pool.dispatch({ path: target.path, method: 'GET', headers: options.headers }, handler);
  };

  let next = 0;
  await new Promise<void>((resolve) => {
    // A timer fires a millisecond or more late; each tick sends every request already due.
    const tick = () => {
      const now = performance.now();
      while (next < total && start + next * intervalMs <= now) {
        send(start + next * intervalMs, next);
        next++;
      }
      if (next < total) setTimeout(tick, Math.max(0, start + next * intervalMs - performance.now()));
      else resolve();
    };
    tick();
  });
  await done;
  const elapsedS = (performance.now() - start) / 1000;
  loopDelay.disable();
  await Promise.all(pools.map(({ pool }) => pool.close()));
  return {
    requests: total,
    answered,
    requestsPerSecond: answered / elapsedS,
    latencyMs: summarize(samples.map(([, latency]) => latency)),
    non2xx,
    errors,
    queued,
    samples,
    clientLoopDelayMs: { p99: loopDelay.percentile(99) / 1e6, max: loopDelay.max / 1e6 },
  };
}
