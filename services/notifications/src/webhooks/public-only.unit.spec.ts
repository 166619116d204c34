import type { LookupAddress } from 'node:dns';
import { publicOnlyLookup } from './public-only';

/** A resolver that answers every name with these addresses. */
const answering =
  (...addresses: LookupAddress[]) =>
  (
    _host: string,
    _options: object,
    callback: (err: NodeJS.ErrnoException | null, a: LookupAddress[]) => void,
  ) =>
    callback(null, addresses);

const lookUp = (lookup: ReturnType<typeof publicOnlyLookup>, all: boolean) =>
  new Promise<{ err: NodeJS.ErrnoException | null; address: unknown; family?: number }>((resolve) =>
    lookup('hooks.example.com', { all }, (err, address, family) => resolve({ err, address, family })),
  );

describe('publicOnlyLookup', () => {
  it('connects to the public address it checked', async () => {
    const lookup = publicOnlyLookup(answering({ address: '93.184.216.34', family: 4 }));
    expect(await lookUp(lookup, false)).toEqual({ err: null, address: '93.184.216.34', family: 4 });
    expect((await lookUp(lookup, true)).address).toEqual([{ address: '93.184.216.34', family: 4 }]);
  });

  it('refuses a name with any private address among its answers', async () => {
    for (const address of ['127.0.0.1', '10.0.0.7', '169.254.169.254', '::1', 'fd00::2', '::ffff:7f00:1']) {
      const lookup = publicOnlyLookup(
        answering(
          { address: '93.184.216.34', family: 4 },
          { address, family: address.includes(':') ? 6 : 4 },
        ),
      );
      for (const all of [false, true]) {
        const { err } = await lookUp(lookup, all);
        expect(err?.code).toBe('EPRIVATEADDRESS');
        expect(err?.message).toBe(`hooks.example.com resolves to a private network address (${address})`);
      }
    }
  });

  it('passes the resolver’s own failure on', async () => {
    const failing = publicOnlyLookup((_h, _o, callback) =>
      callback(Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' }), []),
    );
    expect((await lookUp(failing, false)).err?.code).toBe('ENOTFOUND');
  });
});
