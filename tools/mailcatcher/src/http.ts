import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Logger } from '@parley/logger';
import { renderInbox, renderMessage, renderNotFound } from './inbox-page';
import type { MessageStore } from './store';

// The inbox page needs only its inline style and same-origin frames; mail HTML gets nothing at all.
const PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; frame-src 'self'; form-action 'self'; base-uri 'none'";
const MAIL_CSP = "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data:";

function send(
  res: ServerResponse,
  status: number,
  type: string,
  body: string,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, {
    'content-type': type,
    'content-length': Buffer.byteLength(body),
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    ...headers,
  });
  res.end(body);
}

const json = (res: ServerResponse, status: number, body: unknown) =>
  send(res, status, 'application/json; charset=utf-8', JSON.stringify(body));
const page = (res: ServerResponse, status: number, body: string) =>
  send(res, status, 'text/html; charset=utf-8', body, {
    'content-security-policy': PAGE_CSP,
    'x-frame-options': 'SAMEORIGIN',
  });
const apiError = (res: ServerResponse, status: number, code: string, message: string) =>
  json(res, status, { error: { code, message } });

function methodNotAllowed(res: ServerResponse, allow: string[]): void {
  res.setHeader('allow', allow.join(', '));
  apiError(res, 405, 'METHOD_NOT_ALLOWED', `Use ${allow.join(' or ')}`);
}

function decodeSegment(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/**
 * JSON for tests and tools under /api, a readable inbox for people under /. Routing is four
 * paths, so plain node:http keeps the catcher free of a web framework.
 */
export function createHttpServer(store: MessageStore, logger: Logger): Server {
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://mailcatcher');
    const path = url.pathname.replace(/\/+$/, '') || '/';
    const method = req.method ?? 'GET';
    const read = method === 'GET' || method === 'HEAD';

    if (path === '/api/messages') {
      if (read) return json(res, 200, store.list({ to: url.searchParams.get('to') ?? undefined }));
      if (method === 'DELETE') {
        const deleted = store.clear();
        logger.info({ deleted }, 'messages deleted');
        res.writeHead(204).end();
        return;
      }
      return methodNotAllowed(res, ['GET', 'DELETE']);
    }

    const apiMatch = /^\/api\/messages\/([^/]+)$/.exec(path);
    if (apiMatch) {
      if (!read) return methodNotAllowed(res, ['GET']);
      const id = decodeSegment(apiMatch[1]!);
      const message = id === undefined ? undefined : store.get(id);
      return message ? json(res, 200, message) : apiError(res, 404, 'NOT_FOUND', 'Message not found');
    }

    if (path.startsWith('/api/')) return apiError(res, 404, 'NOT_FOUND', 'No such route');

    if (!read) return methodNotAllowed(res, ['GET']);

    if (path === '/') {
      const to = url.searchParams.get('to')?.trim() ?? '';
      return page(res, 200, renderInbox(store.list({ to }), to));
    }

    const pageMatch = /^\/messages\/([^/]+)(\/html)?$/.exec(path);
    const id = pageMatch ? decodeSegment(pageMatch[1]!) : undefined;
    const message = id === undefined ? undefined : store.get(id);
    if (!message) return page(res, 404, renderNotFound());
    if (!pageMatch![2]) return page(res, 200, renderMessage(message));
    if (message.html === null) return page(res, 404, renderNotFound());
    // Served as its own document under a CSP sandbox, so even opened directly it runs nothing.
    return send(res, 200, 'text/html; charset=utf-8', message.html, { 'content-security-policy': MAIL_CSP });
  };

  return createServer((req, res) => {
    try {
      handle(req, res);
    } catch (e) {
      logger.error({ err: e }, 'request failed');
      if (!res.headersSent) apiError(res, 500, 'INTERNAL', 'Internal error');
      else res.destroy();
    }
  });
}
