/**
 * Headers of every response of the frontend but `/api/*` (the gateway's answers, with its own
 * headers), set by next.config.ts. The Content-Security-Policy is per page (src/proxy.ts).
 */
export const STATIC_SECURITY_HEADERS: ReadonlyArray<{ key: string; value: string }> = [
  // frame-ancestors 'none' says the same to browsers that read the CSP; this covers older ones and
  // the responses without the page policy (static files, a redirect).
  { key: 'X-Frame-Options', value: 'DENY' },
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  // Other sites learn the origin only, never a dashboard path or its query.
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  // Nothing here uses them; a script that got in cannot either.
  { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=(), browsing-topics=()' },
];

/** The paths they apply to: everything except the API forwarded to the gateway. */
export const STATIC_SECURITY_HEADERS_SOURCE = '/:path((?!api/).*)';
