/**
 * Where the browser finds the gateway for Socket.IO. Either a configured public URL, or "this
 * page's host on the gateway's port": the access cookie belongs to the page's host name, so the
 * socket must use the same name (localhost vs 127.0.0.1 would lose the cookie).
 */
export type PublicGateway = { url: string } | { port: string };

export function publicGatewayFrom(gatewayUrl: string, publicUrl: string | undefined): PublicGateway {
  if (publicUrl) return { url: publicUrl.replace(/\/+$/, '') };
  const parsed = new URL(gatewayUrl);
  return { port: parsed.port || (parsed.protocol === 'https:' ? '443' : '80') };
}

export function browserGatewayUrl(
  gateway: PublicGateway,
  page: { protocol: string; hostname: string },
): string {
  if ('url' in gateway) return gateway.url;
  const host = page.hostname.includes(':') ? `[${page.hostname}]` : page.hostname;
  return `${page.protocol}//${host}:${gateway.port}`;
}
