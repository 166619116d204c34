import fc from 'fast-check';

/** Text no store can keep, and text that has broken parsers elsewhere. */
export const HOSTILE_STRINGS: readonly string[] = [
  '',
  '   ',
  'a\u0000b',
  '\u0000',
  'lone \ud800 high',
  'lone \udfff low',
  '%00',
  '%ff%fe',
  '%',
  "'; DROP TABLE domains; --",
  '<script>alert(1)</script>',
  '../../../etc/passwd',
  '0x10',
  '0b11',
  '1e309',
  'NaN',
  '-0',
  'null',
  '__proto__',
  'constructor',
  '\u202eevil',
  '😀'.repeat(40),
  'x'.repeat(5_000),
];

export const HOSTILE_VALUES: readonly unknown[] = [
  null,
  true,
  0,
  -1,
  1e308,
  -1e-308,
  3.14159,
  [],
  {},
  [[[[[]]]]],
  { a: { b: { c: { d: {} } } } },
  ['a\u0000'],
  { ['k\u0000']: 1 },
  ...HOSTILE_STRINGS,
];

/** Any UTF-16 string: NUL, unpaired surrogates and all. */
export const anyText = fc
  .array(fc.oneof(fc.integer({ min: 0, max: 0x7f }), fc.integer({ min: 0, max: 0xffff })), { maxLength: 24 })
  .map((units) => String.fromCharCode(...units));

export const hostileText = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 2, arbitrary: anyText },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
);

/** JSON-like values whose strings and keys are hostile text. */
export const hostileJson: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileText,
    fc.constantFrom(...HOSTILE_VALUES),
    fc.double(),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(hostileText, tie('value'), { maxKeys: 4 }),
  ),
})).value;

/**
 * Percent-encodes any UTF-16 string as a browser would encode its UTF-8, except that an unpaired
 * surrogate becomes the three bytes it would have (CESU-8): what no valid UTF-8 decoder accepts.
 */
export function percentEncode(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    let code = text.charCodeAt(i);
    const next = text.charCodeAt(i + 1);
    if (code >= 0xd800 && code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      code = 0x10000 + ((code - 0xd800) << 10) + (next - 0xdc00);
      i++;
    }
    if (/[A-Za-z0-9\-_.~]/.test(String.fromCharCode(code)) && code < 0x80) {
      out += String.fromCharCode(code);
      continue;
    }
    const bytes =
      code < 0x80
        ? [code]
        : code < 0x800
          ? [0xc0 | (code >> 6), 0x80 | (code & 63)]
          : code < 0x10000
            ? [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63)]
            : [
                0xf0 | (code >> 18),
                0x80 | ((code >> 12) & 63),
                0x80 | ((code >> 6) & 63),
                0x80 | (code & 63),
              ];
    for (const b of bytes) out += `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** Path segments as they arrive on the wire: broken escapes, an encoded NUL, an encoded surrogate. */
export const RAW_PATH_SEGMENTS: readonly string[] = [
  '%ff%fe',
  '%',
  '%E0%A4%A',
  '%ED%A0%80',
  '%00',
  '%2e%2e',
  '%2F',
  'a%20b',
  '..',
  'x'.repeat(2_000),
];

/** Query strings as they arrive on the wire. */
export const RAW_QUERIES: readonly string[] = [
  '%ff=%fe',
  'a=%00',
  '&&&==&',
  'domainId[]=a&domainId[]=b',
  'domainId=%ED%A0%80',
  'query=%',
  'x'.repeat(3_000),
];

/** A JSON text nested `depth` arrays deep: cheap to send, and a recursion that walks it overflows. */
export const deeplyNested = (depth: number): string => `${'['.repeat(depth)}${']'.repeat(depth)}`;
