import { headers } from 'next/headers';

/**
 * This site's origin as the visitor reached it (share cards and canonical links need absolute
 * addresses): the proxy's forwarded host and scheme when there is one, else the Host header.
 */
export async function siteOrigin(): Promise<string> {
  const h = await headers();
  const host = h.get('x-forwarded-host')?.split(',')[0]?.trim() || h.get('host') || 'localhost:3000';
  const proto =
    h.get('x-forwarded-proto')?.split(',')[0]?.trim() ||
    (host.startsWith('localhost') || host.startsWith('127.') ? 'http' : 'https');
  return `${proto}://${host}`;
}
