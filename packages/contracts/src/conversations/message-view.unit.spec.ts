import { messageViewFromWire, messageViewOf } from './message-view';

const posted = {
  id: 'm1',
  role: 'assistant' as const,
  content: 'We ship to Norway.',
  isNote: false,
  postedAt: '2026-11-26T05:00:00.000Z',
};

describe('messageViewOf', () => {
  it('gives every absent value as null and the posting time as createdAt', () => {
    expect(messageViewOf(posted, false)).toEqual({
      id: 'm1',
      role: 'assistant',
      content: 'We ship to Norway.',
      createdAt: '2026-11-26T05:00:00.000Z',
      teamMemberId: null,
      teamMemberName: null,
      isNote: false,
      noteType: null,
      link: null,
      checkoutProductId: null,
      seen: false,
      clientId: null,
    });
  });

  it("keeps a team member's note with its author, link, checkout product and key", () => {
    const view = messageViewOf(
      {
        ...posted,
        teamMemberId: 'u1',
        teamMemberName: 'Ada',
        isNote: true,
        noteType: 'internal',
        link: 'https://example.com',
        checkoutProductId: 'p1',
        clientId: 'c1',
      },
      true,
    );
    expect(view).toMatchObject({
      teamMemberId: 'u1',
      teamMemberName: 'Ada',
      isNote: true,
      noteType: 'internal',
      link: 'https://example.com',
      checkoutProductId: 'p1',
      seen: true,
      clientId: 'c1',
    });
  });

  it('leaves out what is not part of the view (product ids, the author kind, the audience)', () => {
    const view = messageViewOf({ ...posted, productIds: ['p1'], author: 'bot' } as typeof posted, false);
    expect(Object.keys(view)).not.toEqual(expect.arrayContaining(['productIds', 'author', 'postedAt']));
  });
});

describe('messageViewFromWire', () => {
  it('reads missing, null and empty keys as none, so an empty clientId never matches another', () => {
    const view = messageViewFromWire({
      id: 'm1',
      role: 'user',
      content: 'Hi',
      createdAt: '2026-11-26T05:00:00.000Z',
      isNote: false,
      seen: true,
      clientId: '',
      checkoutProductId: '',
      teamMemberId: null,
    });
    expect(view).toMatchObject({
      clientId: null,
      checkoutProductId: null,
      teamMemberId: null,
      teamMemberName: null,
      noteType: null,
      link: null,
      seen: true,
    });
  });

  it('gives the same view as messageViewOf for the same message', () => {
    const direct = messageViewOf({ ...posted, clientId: 'c1', link: 'https://example.com' }, true);
    expect(messageViewFromWire(JSON.parse(JSON.stringify(direct)))).toEqual(direct);
  });
});
