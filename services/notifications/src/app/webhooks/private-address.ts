import { BlockList, isIP } from 'node:net';

const PRIVATE = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  // IETF protocol assignments, benchmarking, multicast and the reserved rest: no customer's endpoint.
  ['192.0.0.0', 24],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  PRIVATE.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  // NAT64: where a NAT64 gateway runs, 64:ff9b::7f00:1 reaches 127.0.0.1.
  ['64:ff9b::', 96],
] as const)
  PRIVATE.addSubnet(net, bits, 'ipv6');

/** Whether an IP address (v4, v6, or v4 mapped into v6) is this machine's or a private network's. */
export function isPrivateAddress(address: string): boolean {
  const kind = isIP(address);
  if (kind === 4) return PRIVATE.check(address, 'ipv4');
  // BlockList checks a v4-mapped v6 address (::ffff:7f00:1) against the v4 rules too.
  if (kind === 6) return PRIVATE.check(address, 'ipv6');
  return false;
}

/**
 * Whether a webhook URL names this machine or a private network by its host: the gateway's
 * neighbours are no customer's endpoint. A name that resolves to such an address is caught when
 * it is sent to (publicOnlyLookup), since what a name resolves to can change after it is saved.
 */
export function isPrivateHost(url: string): boolean {
  // "localhost." is "localhost": a fully qualified name's trailing dot changes nothing in DNS.
  const host = new URL(url).hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.internal')) return true;
  return isPrivateAddress(host);
}
