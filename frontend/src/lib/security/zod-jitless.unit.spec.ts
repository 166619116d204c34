import { zodJitless } from './zod-jitless';

describe('zod without eval, set before zod loads', () => {
  const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
  afterEach(() => {
    delete holder.__zod_globalConfig;
    jest.resetModules();
  });

  it('is the setting zod reads, and zod then never probes for eval', () => {
    zodJitless();
    jest.isolateModules(() => {
      const probe = jest.spyOn(globalThis, 'Function');
      const { z } = require('zod') as typeof import('zod');
      expect(z.config().jitless).toBe(true);
      const schema = z.object({ email: z.string().email(), n: z.number() });
      expect(schema.parse({ email: 'a@b.co', n: 1 })).toEqual({ email: 'a@b.co', n: 1 });
      expect(schema.safeParse({ email: 'nope', n: 1 }).success).toBe(false);
      expect(probe).not.toHaveBeenCalled();
      probe.mockRestore();
    });
  });

  it('keeps settings made before it', () => {
    holder.__zod_globalConfig = { customError: undefined, localeError: 'kept' };
    zodJitless();
    expect(holder.__zod_globalConfig).toEqual({ customError: undefined, localeError: 'kept', jitless: true });
  });

  it('without it, zod would probe for eval (so the test above can fail)', () => {
    jest.isolateModules(() => {
      const probe = jest.spyOn(globalThis, 'Function');
      const { z } = require('zod') as typeof import('zod');
      expect(z.config().jitless).toBeFalsy();
      z.object({ n: z.number() }).parse({ n: 1 });
      expect(probe).toHaveBeenCalled();
      probe.mockRestore();
    });
  });
});
