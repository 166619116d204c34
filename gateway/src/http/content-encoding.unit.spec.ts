import { chooseEncoding } from './content-encoding';

describe('chooseEncoding', () => {
  const both = ['br', 'gzip'] as const;

  it("prefers Brotli, then gzip, as browsers ask (Chromium's 'gzip, deflate, br, zstd')", () => {
    expect(chooseEncoding('gzip, deflate, br, zstd', both)).toBe('br');
    expect(chooseEncoding('gzip, deflate', both)).toBe('gzip');
    expect(chooseEncoding('gzip, deflate, br', ['gzip'])).toBe('gzip');
  });

  it('sends the file itself when nothing usable is asked for', () => {
    expect(chooseEncoding(undefined, both)).toBeNull();
    expect(chooseEncoding('', both)).toBeNull();
    expect(chooseEncoding('identity', both)).toBeNull();
    expect(chooseEncoding('deflate', both)).toBeNull();
    expect(chooseEncoding('br', [])).toBeNull();
  });

  it('follows q-values: q=0 refuses a coding, a higher q wins', () => {
    expect(chooseEncoding('br;q=0, gzip', both)).toBe('gzip');
    expect(chooseEncoding('br;q=0.5, gzip;q=0.9', both)).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip;q=0', both)).toBeNull();
    expect(chooseEncoding('*', both)).toBe('br');
    expect(chooseEncoding('*;q=0, gzip', both)).toBe('gzip');
    expect(chooseEncoding('BR; Q=1', both)).toBe('br');
    expect(chooseEncoding('br;q=abc, gzip', both)).toBe('gzip');
  });
});
