/** Methods a browser may send cross-site without a preflight-free guarantee of harmlessness. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const isUnsafeMethod = (method: string) => !SAFE_METHODS.has(method.toUpperCase());

function originOf(value: string): string | undefined {
  try {
    const origin = new URL(value).origin;
    return origin === 'null' ? undefined : origin;
  } catch {
    return undefined;
  }
}

/**
 * Whether a request comes from one of the allowed origins. Browsers send `Origin` on every
 * cross-origin and every POST/PUT/PATCH/DELETE request; where it is missing the `Referer` is used.
 * A request with neither, or with `Origin: null` (sandboxed frames, file: pages), is refused:
 * it can't be shown to come from the frontend.
 */
export function isAllowedOrigin(
  headers: { origin?: string | undefined; referer?: string | undefined },
  allowed: readonly string[],
): boolean {
  const claimed = headers.origin !== undefined ? headers.origin : headers.referer;
  if (claimed === undefined) return false;
  const origin = originOf(claimed);
  return origin !== undefined && allowed.includes(origin);
}

export interface WriteRequestFacts {
  method: string;
  /** The request authenticates with an Authorization header, which a browser never adds on its own. */
  hasBearer: boolean;
  /** The request carries a session cookie (access or refresh), which a browser adds on its own. */
  hasSessionCookie: boolean;
  origin?: string | undefined;
  referer?: string | undefined;
}

/**
 * Cross-site request forgery check: an unsafe request that a browser could have been tricked into
 * sending with the user's cookies must come from an allowed origin.
 */
export function isForgeryRisk(facts: WriteRequestFacts, allowed: readonly string[]): boolean {
  if (!isUnsafeMethod(facts.method) || facts.hasBearer || !facts.hasSessionCookie) return false;
  return !isAllowedOrigin({ origin: facts.origin, referer: facts.referer }, allowed);
}
