import { INVALID_TEXT_MESSAGE } from '@parley/contracts/validation';
import { parseItemInput } from './items';

describe('parseItemInput', () => {
  it('refuses an item whose decoded text holds a NUL or an unpaired surrogate', () => {
    // The body travels as JSON text: its escapes are plain ASCII until it is decoded.
    const json = JSON.stringify({
      domainId: 'd',
      name: 'Mug\u0000',
      price: 1,
      productType: 't',
      description: 'd',
    });
    expect(json).not.toContain('\u0000');
    expect(() => parseItemInput('product', json)).toThrow(
      expect.objectContaining({
        code: 'INVALID_TEXT',
        fields: [{ field: 'name', message: INVALID_TEXT_MESSAGE }],
      }),
    );
    expect(() =>
      parseItemInput(
        'article',
        JSON.stringify({ domainId: 'd', title: 't', question: '\udc00?', answer: 'a' }),
      ),
    ).toThrow(expect.objectContaining({ code: 'INVALID_TEXT' }));
  });

  it('reads an item of safe text', () => {
    const json = JSON.stringify({
      domainId: 'd',
      name: 'Mug 😀',
      price: '2.50',
      productType: 't',
      description: 'd',
    });
    expect(parseItemInput('product', json).body).toMatchObject({ name: 'Mug 😀', price: 2.5 });
  });
});
