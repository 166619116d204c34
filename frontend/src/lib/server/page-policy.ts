import type { NextRequest } from 'next/server';
import { browserGatewayUrl } from '../realtime/gateway-address';
import { contentSecurityPolicy, newNonce } from '../security/content-security-policy';
import { runtimeConfig } from './runtime-config';

/**
 * The host name in the browser's address bar. Not nextUrl's: inside the server that is always
 * `localhost`. A forwarded host (a proxy in front) wins; IPv6 without its brackets, as the
 * browser's `location.hostname` gives it to browserGatewayUrl.
 */
function pageHostname(request: NextRequest): string {
  const host = (request.headers.get('x-forwarded-host') ?? request.headers.get('host') ?? '')
    .split(',')[0]!
    .trim();
  try {
    return new URL(`http://${host}`).hostname.replace(/^\[(.*)\]$/, '$1');
  } catch {
    return request.nextUrl.hostname;
  }
}

/**
 * A page request's nonce and Content-Security-Policy. The browser's own scheme and host name
 * decide where it finds the gateway (as the dashboard's socket does), so a proxy in front that
 * terminates TLS is honoured through X-Forwarded-Proto.
 */
export function pagePolicyFor(request: NextRequest): { nonce: string; policy: string } {
  const { publicGateway, paymentOrigins } = runtimeConfig();
  const forwarded = request.headers.get('x-forwarded-proto')?.split(',')[0]?.trim();
  const protocol = forwarded === 'https' || forwarded === 'http' ? `${forwarded}:` : request.nextUrl.protocol;
  const nonce = newNonce();
  const policy = contentSecurityPolicy({
    nonce,
    gatewayOrigin: new URL(browserGatewayUrl(publicGateway, { protocol, hostname: pageHostname(request) }))
      .origin,
    paymentOrigins,
    development: process.env.NODE_ENV === 'development',
    secure: protocol === 'https:',
  });
  return { nonce, policy };
}
