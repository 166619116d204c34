import { ConfigError, bool, parseConfig, port, z } from './index';

describe('parseConfig', () => {
  const schema = z.object({ PORT: port(4000), FLAG: bool(false), NAME: z.string().min(1) });

  it('applies defaults and coerces values', () => {
    expect(parseConfig('t', schema, { NAME: 'x', FLAG: 'yes' })).toEqual({
      PORT: 4000,
      FLAG: true,
      NAME: 'x',
    });
  });

  it('lists every problem in one error', () => {
    expect(() => parseConfig('gateway', schema, { PORT: '99999' })).toThrow(ConfigError);
    try {
      parseConfig('gateway', schema, { PORT: '99999' });
    } catch (e) {
      expect((e as ConfigError).issues).toHaveLength(2);
      expect((e as Error).message).toContain('gateway: invalid configuration');
    }
  });
});
