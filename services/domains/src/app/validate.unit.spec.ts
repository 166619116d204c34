import { INVALID_TEXT_MESSAGE } from '@parley/contracts/validation';
import { parseDocument } from './validate';

describe('parseDocument', () => {
  it('refuses a document whose decoded text holds a NUL or an unpaired surrogate', () => {
    // JSON text over gRPC: the escapes are plain ASCII until the document is decoded.
    for (const [json, field] of [
      ['{"welcomeMessage":"Hi\\u0000there"}', 'welcomeMessage'],
      ['{"customLinks":[{"title":"\\ud800"}]}', 'customLinks.0.title'],
    ] as const) {
      expect(() => parseDocument(json, 'Settings')).toThrow(
        expect.objectContaining({
          kind: 'validation',
          code: 'INVALID_TEXT',
          fields: [{ field, message: INVALID_TEXT_MESSAGE }],
        }),
      );
    }
  });

  it('reads a document of safe text', () => {
    expect(parseDocument('{"welcomeMessage":"Hi 😀"}', 'Settings')).toEqual({ welcomeMessage: 'Hi 😀' });
  });
});
