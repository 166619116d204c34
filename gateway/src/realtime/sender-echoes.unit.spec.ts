import { isVisitorRoom, InternalRoom } from './channels';
import { clientIdOf, senderEchoes, visitorClientIdOf } from './sender-echoes';

describe('senderEchoes', () => {
  it('names the socket a message came in on once, then no more', () => {
    const echoes = senderEchoes();
    echoes.posting('c1', 'socket-a');
    echoes.posting('c2', 'socket-b');
    expect(echoes.take('c1')).toBe('socket-a');
    expect(echoes.take('c1')).toBeUndefined();
    expect(echoes.take('c2')).toBe('socket-b');
  });

  it('forgets a failed post, but not a later post of the same client id from another socket', () => {
    const echoes = senderEchoes();
    echoes.posting('c1', 'socket-a');
    echoes.failed('c1', 'socket-a');
    expect(echoes.take('c1')).toBeUndefined();

    echoes.posting('c2', 'socket-a');
    echoes.posting('c2', 'socket-b'); // the same id again, from another tab
    echoes.failed('c2', 'socket-a'); // the first one's refusal comes back late
    expect(echoes.take('c2')).toBe('socket-b');
  });

  it('names no socket for a message without a client id, or one nobody posted here', () => {
    const echoes = senderEchoes();
    echoes.posting('', 'socket-a');
    expect(echoes.take('')).toBeUndefined();
    expect(echoes.take(undefined)).toBeUndefined();
    expect(echoes.take('never-posted')).toBeUndefined();
  });

  it('holds at most `max` entries, dropping the oldest, and lets them expire', async () => {
    const bounded = senderEchoes(60_000, 2);
    bounded.posting('c1', 's1');
    bounded.posting('c2', 's2');
    bounded.posting('c3', 's3');
    expect(bounded.take('c1')).toBeUndefined();
    expect(bounded.take('c3')).toBe('s3');

    const brief = senderEchoes(20, 100);
    brief.posting('c1', 's1');
    await new Promise((r) => setTimeout(r, 60));
    expect(brief.take('c1')).toBeUndefined();
  });
});

describe('clientIdOf', () => {
  it('reads a payload its non-empty string client id, and nothing else', () => {
    expect(clientIdOf({ content: 'hi', clientId: 'c1' })).toBe('c1');
    expect(clientIdOf({ content: 'hi', clientId: null })).toBeUndefined();
    expect(clientIdOf({ content: 'hi', clientId: '' })).toBeUndefined();
    expect(clientIdOf({ clientId: 42 })).toBeUndefined();
    expect(clientIdOf(null)).toBeUndefined();
    expect(clientIdOf('c1')).toBeUndefined();
  });
});

describe('visitorClientIdOf', () => {
  it('reads the client id of a visitor s own message only', () => {
    expect(visitorClientIdOf({ id: 'm1', role: 'user', clientId: 'c1' })).toBe('c1');
    expect(visitorClientIdOf({ id: 'm1', role: 'user', clientId: null })).toBeUndefined();
    // A team reply (role 'assistant' with a team member) or the bot's, whatever its client id.
    expect(visitorClientIdOf({ id: 'm2', role: 'assistant', clientId: 'c1' })).toBeUndefined();
    expect(visitorClientIdOf({ id: 'm3', clientId: 'c1' })).toBeUndefined();
    expect(visitorClientIdOf(null)).toBeUndefined();
  });
});

describe('isVisitorRoom', () => {
  it('tells the visitor side of a chat room from every other internal room', () => {
    expect(isVisitorRoom(InternalRoom.room('r1', 'visitor'))).toBe(true);
    expect(isVisitorRoom(InternalRoom.room('r1', 'team'))).toBe(false);
    expect(isVisitorRoom(InternalRoom.mode('r1'))).toBe(false);
    expect(isVisitorRoom(InternalRoom.accountGlobal('visitor'))).toBe(false);
    expect(isVisitorRoom(InternalRoom.agentGlobal('u:visitor'))).toBe(false);
  });
});
