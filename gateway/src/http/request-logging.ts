import type { Logger } from '@parley/logger';
import type { Request, RequestHandler } from 'express';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pinoHttp } from 'pino-http';
import { requestLogLevel } from './request-log-level';

/** A caller-supplied request id is kept (so a trace spans the load balancer) when it looks like one. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;
const QUIET_PATHS = new Set(['/healthz', '/readyz']);

function requestId(req: IncomingMessage, res: ServerResponse): string {
  const incoming = req.headers['x-request-id'];
  const id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
  res.setHeader('X-Request-Id', id);
  return id;
}

/**
 * One log line per answered request (its level from requestLogLevel), and `req.log` for the
 * handlers: the request's id, method, URL, peer and client address, the answer's status, the
 * error code of an error answer; never a header (cookies, tokens).
 */
export function requestLogging(logger: Logger): RequestHandler {
  return pinoHttp({
    logger,
    genReqId: requestId,
    autoLogging: { ignore: (req) => QUIET_PATHS.has(req.url ?? '') },
    customLogLevel: (req, res, error) =>
      requestLogLevel(
        // originalUrl: the routers below rewrite req.url while they handle it.
        { method: req.method, path: ((req as Request).originalUrl ?? req.url ?? '').split('?')[0]! },
        res.statusCode,
        error,
        logger.isLevelEnabled('debug'),
      ),
    // Only when there is one (pino-http asks at the request's start and again at its end): a
    // binding here makes each request's logger the child of a child, and V8 then turns the first
    // child into a prototype, one per request (docs/benchmarks.md, runs AR).
    customProps: (_req, res) => {
      const errorCode = (res as ServerResponse & { locals?: { errorCode?: string } }).locals?.errorCode;
      return (errorCode ? { errorCode } : undefined) as object;
    },
    serializers: {
      req: (req: { id: unknown; method: string; url: string; remoteAddress?: string; raw: Request }) => ({
        id: req.id,
        method: req.method,
        url: req.url,
        remoteAddress: req.remoteAddress,
        // express's req.ip: the client behind the proxies TRUST_PROXY allows.
        clientIp: req.raw.ip,
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
  });
}
