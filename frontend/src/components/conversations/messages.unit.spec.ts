import { dropOptimistic, isPending, upsertMessage } from '@parley/chat-display';
import { fromChatMessage, fromOwnerMessage, optimisticMessage, mergeHistory } from './messages';

const me = { id: 'u1', name: 'Olive Owner' };
const server = fromOwnerMessage({
  id: 'm1',
  message: 'Hello',
  role: 'assistant',
  createdAt: '2026-03-10T10:00:00Z',
  seen: false,
  teamMemberId: 'u1',
  teamMemberName: 'Olive Owner',
  isNote: false,
  noteType: null,
  link: null,
  products: [],
  clientId: 'c1',
});

describe('optimistic sending', () => {
  const temp = optimisticMessage('c1', 'Hello', me, null, new Date('2026-03-10T09:59:59Z'));

  it('the temporary copy is pending and carries the team member', () => {
    expect(isPending(temp)).toBe(true);
    expect(temp).toMatchObject({ role: 'assistant', teamMemberId: 'u1', isNote: false, clientId: 'c1' });
  });
  it('a note is marked as one', () => {
    expect(optimisticMessage('c2', 'n', me, 'transfer', new Date())).toMatchObject({
      isNote: true,
      noteType: 'transfer',
    });
  });
  it('the server message replaces it by clientId, and its socket echo does not add a second copy', () => {
    const afterPost = upsertMessage([temp], server);
    expect(afterPost).toEqual([server]);
    const echo = fromChatMessage({ ...server, content: 'Hello', products: [], seen: false, isNote: false });
    expect(upsertMessage(afterPost, echo)).toHaveLength(1);
  });
  it('a failure removes it', () => expect(dropOptimistic([server, temp], 'c1')).toEqual([server]));
  it('a reloaded history keeps copies still on their way, drops those it contains', () => {
    const other = optimisticMessage('c9', 'later', me, null, new Date());
    expect(mergeHistory([temp, other], [server]).map((m) => m.id)).toEqual(['m1', other.id]);
  });
  it('a reloaded history keeps a message that came over the socket after it was read, in time order', () => {
    const socketOnly = { ...server, id: 'm3', clientId: 'c3', createdAt: '2026-03-10T10:05:00Z' };
    const earlier = { ...server, id: 'm0', clientId: 'c0', createdAt: '2026-03-10T09:00:00Z' };
    expect(mergeHistory([socketOnly], [earlier, server]).map((m) => m.id)).toEqual(['m0', 'm1', 'm3']);
  });
});

it('maps both wire shapes to one', () => {
  expect(server).toMatchObject({ content: 'Hello', teamMemberName: 'Olive Owner', noteType: null });
  expect(
    fromChatMessage({
      id: 'x',
      role: 'user',
      content: 'Hi',
      createdAt: 't',
      isNote: false,
      products: [],
      seen: true,
    }),
  ).toMatchObject({ teamMemberId: null, clientId: null, seen: true });
});
