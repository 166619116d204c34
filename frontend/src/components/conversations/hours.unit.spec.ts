import { writtenInHours } from './hours';
import type { ChatItem } from './messages';

const item = (over: Partial<ChatItem>): ChatItem => ({
  id: 'm',
  role: 'user',
  content: 'hi',
  createdAt: '2026-11-26T10:00:00.000Z',
  teamMemberId: null,
  teamMemberName: null,
  isNote: false,
  noteType: null,
  link: null,
  seen: false,
  clientId: null,
  ...over,
});

describe('writtenInHours', () => {
  it('reads the latest word on it: an offline-form message, or the assistant’s record', () => {
    const bot = (inHours: unknown) => item({ role: 'assistant', decision: { outcome: 'answer', inHours } });
    expect(writtenInHours([])).toBeNull();
    expect(writtenInHours([item({}), bot(null)])).toBeNull();
    expect(writtenInHours([item({}), bot(true)])).toBe('in');
    expect(writtenInHours([item({}), bot(false)])).toBe('out');
    expect(writtenInHours([bot(true), item({ offline: true })])).toBe('out');
    expect(writtenInHours([item({ offline: true }), bot(true)])).toBe('in');
  });
});
