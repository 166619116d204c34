import { jsonMessagesOr } from './json-messages';

describe('jsonMessagesOr', () => {
  const decoded = [{ id: 'field-by-field' }];

  it('reads the JSON text when the service sent one, an empty list included', () => {
    expect(
      jsonMessagesOr(Buffer.from('[{"id":"r1","sharedWith":["u1"],"lastMessage":null}]'), decoded),
    ).toEqual([{ id: 'r1', sharedWith: ['u1'], lastMessage: null }]);
    expect(jsonMessagesOr(Buffer.from('[]'), decoded)).toEqual([]);
    expect(jsonMessagesOr(Buffer.from(JSON.stringify([{ content: 'é 😀 "q"\n' }])), [])).toEqual([
      { content: 'é 😀 "q"\n' },
    ]);
  });

  it('keeps the field-by-field messages of an older service, which leaves the text empty', () => {
    expect(jsonMessagesOr(Buffer.alloc(0), decoded)).toBe(decoded);
  });
});
