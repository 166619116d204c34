import type { RawResponse } from '../raw-http';
import type { DocumentedRoute } from './documented-routes';
import { isPublicRoute, type BuiltRequest } from './requests';

/**
 * Successes that say nothing about another tenant's resource: the spec's team-access check
 * answers `{ hasAccess: false }` for a room one cannot reach, whether it exists or not.
 */
const REVEALS_NOTHING: Record<string, (body: unknown) => boolean> = {
  'GET /api/conversations/{roomId}/team-access': (body) =>
    (body as { hasAccess?: unknown })?.hasAccess === false,
};

/**
 * What is wrong with an answer, or undefined when it is one the docs allow: a success (2xx, or a
 * documented redirect or 304), or a 4xx in the one error shape (`{ error: { code, message,
 * fields? } }`) whose code the docs name. Never a 5xx, never no answer. A tenant's real ids sent
 * by someone of the other tenant never succeed outside the public routes.
 */
export function problemWith(
  route: DocumentedRoute,
  request: BuiltRequest,
  persona: string,
  res: RawResponse,
  codes: ReadonlySet<string>,
): string | undefined {
  if (res.status === 0) return 'no answer';
  if (res.status >= 500) return `${res.status} ${res.text.slice(0, 200)}`;
  if (res.status < 400) {
    const ownIds = persona === 'otherTenant' ? 'B' : 'A';
    const foreign = request.tenantOfIds !== undefined && request.tenantOfIds !== ownIds;
    const signedInPersona = persona === 'owner' || persona === 'agent' || persona === 'otherTenant';
    if (foreign && signedInPersona && !isPublicRoute(route) && !REVEALS_NOTHING[route.key]?.(res.body))
      return `${res.status}: another tenant's ids answered with success`;
    return undefined;
  }
  const body = res.body as { error?: { code?: unknown; message?: unknown; fields?: unknown } } | undefined;
  const error = typeof body === 'object' && body !== null ? body.error : undefined;
  if (!error || typeof error.code !== 'string' || typeof error.message !== 'string' || !error.message)
    return `${res.status} not in the error shape: ${res.text.slice(0, 200)}`;
  if (!codes.has(error.code)) return `${res.status} with code ${error.code}, which no doc names`;
  if (
    error.fields !== undefined &&
    !(
      Array.isArray(error.fields) &&
      error.fields.every(
        (f: unknown) =>
          typeof f === 'object' &&
          f !== null &&
          typeof (f as { field?: unknown }).field === 'string' &&
          typeof (f as { message?: unknown }).message === 'string',
      )
    )
  )
    return `${res.status} with malformed fields: ${JSON.stringify(error.fields).slice(0, 200)}`;
  if (res.status === 429 && !res.headers['retry-after']) return '429 without Retry-After';
  return undefined;
}
