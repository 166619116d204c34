import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions, type LookupOptions } from 'node:dns';
import { Agent } from 'undici';
import { isPrivateAddress } from '../app/webhooks/private-address';

type Resolve = (
  hostname: string,
  options: LookupAllOptions,
  callback: (err: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;
type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A DNS lookup for outgoing connections that refuses a name resolving to this machine or a
 * private network (an endpoint saved as a public name can be pointed at the cluster's own
 * services later). The socket connects to the very address checked here, so a second answer from
 * DNS (rebinding) cannot slip past it.
 */
export function publicOnlyLookup(resolve: Resolve = dnsLookup as unknown as Resolve) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    resolve(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, []);
      const refused = addresses.find((a) => isPrivateAddress(a.address));
      if (refused || !addresses.length) {
        const error: NodeJS.ErrnoException = new Error(
          refused
            ? `${hostname} resolves to a private network address (${refused.address})`
            : `${hostname} resolves to no address`,
        );
        error.code = refused ? 'EPRIVATEADDRESS' : 'ENOTFOUND';
        return callback(error, []);
      }
      if (options.all) return callback(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

/** An HTTP client whose connections reach public addresses only (publicOnlyLookup). */
export const publicOnlyAgent = (): Agent => new Agent({ connect: { lookup: publicOnlyLookup() } });
