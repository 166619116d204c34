import { AppError } from '../errors';
import { assertSafeText, findUnsafeText, INVALID_TEXT_MESSAGE, isSafeText } from './text-safety';

describe('safe text: no NUL, no unpaired surrogate', () => {
  it.each([
    ['', true],
    ['plain', true],
    ['émoji 😀 and 中文', true],
    ['\u0001 control characters other than NUL', true],
    ['a\u0000b', false],
    ['\u0000', false],
    ['lone high \ud83d here', false],
    ['lone low \ude00 here', false],
    ['ends in a high surrogate \ud83d', false],
    ['reversed pair \ude00\ud83d', false],
  ])('%j is safe: %s', (text, safe) => {
    expect(isSafeText(text)).toBe(safe);
  });

  it('finds the first unsafe value or key, named as zod names fields', () => {
    expect(findUnsafeText({ a: 'ok', b: [1, 'fine', { c: 'x\u0000' }] })).toBe('b.2.c');
    expect(findUnsafeText({ ['k\ud800']: 'v' })).toBe('k\ud800');
    expect(findUnsafeText('\u0000')).toBe('_');
    expect(findUnsafeText({ a: 1, b: null, c: true, d: ['x'] })).toBeUndefined();
    expect(findUnsafeText({ bytes: Buffer.from([0, 0xd8, 0]) })).toBeUndefined();
  });

  it('walks a deeply nested value without overflowing the stack', () => {
    let deep: unknown = 'bad\u0000';
    for (let i = 0; i < 200_000; i++) deep = [deep];
    const path = findUnsafeText(deep);
    expect(path?.split('.')).toHaveLength(200_000);
  });

  it('refuses with one validation error naming the field', () => {
    let thrown: unknown;
    try {
      assertSafeText({ content: 'a\u0000' });
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(AppError);
    expect(thrown).toMatchObject({
      kind: 'validation',
      code: 'INVALID_TEXT',
      message: INVALID_TEXT_MESSAGE,
      fields: [{ field: 'content', message: INVALID_TEXT_MESSAGE }],
    });
    expect(() => assertSafeText('\u0000', 'query')).toThrow(
      expect.objectContaining({ fields: [{ field: 'query', message: INVALID_TEXT_MESSAGE }] }),
    );
    expect(() => assertSafeText({ fine: ['yes'] })).not.toThrow();
  });
});
