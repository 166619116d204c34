import type { Request, Response } from 'express';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname } from 'node:path';
import { chooseEncoding, type Encoding } from '../content-encoding';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};

interface Loaded {
  mtimeMs: number;
  bytes: Buffer;
}

/**
 * Sends a built file, or the `.br` / `.gz` copy the build wrote beside it when the browser takes
 * that coding (widget/scripts/build.mjs precompresses at the strongest settings, once). Files are
 * kept in memory, read again when they change; ETags differ per coding, and `Vary` tells caches.
 */
export function precompressedFiles() {
  const cache = new Map<string, Loaded>();
  const load = (path: string): Buffer | null => {
    if (!existsSync(path)) return null;
    const { mtimeMs } = statSync(path);
    const hit = cache.get(path);
    if (hit?.mtimeMs === mtimeMs) return hit.bytes;
    const bytes = readFileSync(path);
    cache.set(path, { mtimeMs, bytes });
    return bytes;
  };

  /** Answers with `file` (false when it does not exist, for the caller to pass on). */
  return function send(req: Request, res: Response, file: string, cacheControl: string): boolean {
    if (!existsSync(file)) return false;
    const available = (['br', 'gzip'] as const).filter((e) => existsSync(`${file}${suffix(e)}`));
    const encoding: Encoding | null = chooseEncoding(req.get('accept-encoding'), available);
    const path = encoding ? `${file}${suffix(encoding)}` : file;
    const bytes = load(path);
    if (!bytes) return false;
    const { mtimeMs, size } = statSync(path);
    const etag = `W/"${size.toString(16)}-${Math.floor(mtimeMs).toString(16)}${encoding ? `-${encoding}` : ''}"`;
    res.set({
      'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
      'Cache-Control': cacheControl,
      Vary: 'Accept-Encoding',
      ETag: etag,
    });
    if (encoding) res.set('Content-Encoding', encoding);
    if (req.get('if-none-match') === etag) {
      res.status(304).end();
      return true;
    }
    res.set('Content-Length', String(bytes.length));
    res.status(200).end(req.method === 'HEAD' ? undefined : bytes);
    return true;
  };
}

const suffix = (e: Encoding) => (e === 'br' ? '.br' : '.gz');
