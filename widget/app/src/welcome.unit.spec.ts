import type { ChatMessage } from '@parley/contracts';
import { withoutRepeatedWelcome } from './welcome';

const message = (id: string, role: 'user' | 'assistant', content: string, extra: Partial<ChatMessage> = {}) =>
  ({
    id,
    role,
    content,
    createdAt: '2030-01-01T10:00:00.000Z',
    teamMemberId: null,
    teamMemberName: null,
    isNote: false,
    noteType: null,
    link: null,
    products: [],
    checkoutProductId: null,
    seen: true,
    clientId: null,
    ...extra,
  }) satisfies ChatMessage;

describe('the welcome message in the chat tab', () => {
  const welcome = 'Hello from the mug shop!';

  it("leaves out the assistant's greeting that repeats it", () => {
    const chat = [
      message('1', 'user', 'hi, do you ship to Canada?'),
      message('2', 'assistant', ' Hello from the mug shop! '),
      message('3', 'assistant', 'Yes, we ship to Canada.'),
    ];
    expect(withoutRepeatedWelcome(chat, welcome).map((m) => m.id)).toEqual(['1', '3']);
  });

  it('keeps the same words from a team member, a later repeat, and anything else', () => {
    const fromTeam = [message('1', 'assistant', welcome, { teamMemberId: 'u1', teamMemberName: 'Ann' })];
    expect(withoutRepeatedWelcome(fromTeam, welcome)).toHaveLength(1);
    const later = [message('1', 'assistant', 'Yes.'), message('2', 'assistant', welcome)];
    expect(withoutRepeatedWelcome(later, welcome)).toHaveLength(2);
    expect(withoutRepeatedWelcome([message('1', 'assistant', 'Hi!')], welcome)).toHaveLength(1);
    expect(withoutRepeatedWelcome([message('1', 'assistant', welcome)], '  ')).toHaveLength(1);
  });
});
