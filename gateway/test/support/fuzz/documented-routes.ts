import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One route as the API documents it: `/api/products/{id}` with its parameter names. */
export interface DocumentedRoute {
  method: Method;
  template: string;
  params: string[];
  /** `GET /api/products/{id}` */
  key: string;
}

const DOCS = join(__dirname, '../../../../docs');
const ROUTE =
  /\b((?:GET|POST|PUT|PATCH|DELETE)(?:\|(?:GET|POST|PUT|PATCH|DELETE))*) (\/api\/[A-Za-z0-9/{}_.:-]*)/g;
const CODE = /`([A-Z][A-Z0-9_]{2,})`/g;

/** docs/api.md and every docs/api/*.md: what the fuzz suite covers and the codes it accepts. */
export function apiDocs(): string[] {
  const area = readdirSync(join(DOCS, 'api'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => readFileSync(join(DOCS, 'api', f), 'utf8'));
  return [readFileSync(join(DOCS, 'api.md'), 'utf8'), ...area];
}

/**
 * Every `METHOD /api/...` the docs name, each once ("GET|PUT|DELETE /api/products/{id}" is three).
 * A path with a placeholder that is not a parameter of ours (billing's provider `{payments}`) is
 * someone else's API and left out.
 */
export function documentedRoutes(docs = apiDocs()): DocumentedRoute[] {
  const routes = new Map<string, DocumentedRoute>();
  for (const text of docs) {
    for (const match of text.matchAll(ROUTE)) {
      const template = match[2]!.replace(/\/$/, '');
      if (template.includes('{payments}')) continue;
      const params = [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
      for (const method of match[1]!.split('|') as Method[]) {
        const key = `${method} ${template}`;
        if (!routes.has(key)) routes.set(key, { method, template, params, key });
      }
    }
  }
  return [...routes.values()].sort((a, b) => a.key.localeCompare(b.key));
}

/** Every error code the docs name (`VALIDATION`, `DOMAIN_NOT_FOUND`, ...): an answer's code must be one. */
export function documentedCodes(docs = apiDocs()): Set<string> {
  const codes = new Set<string>();
  for (const text of docs) for (const match of text.matchAll(CODE)) codes.add(match[1]!);
  return codes;
}
