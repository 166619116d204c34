import { RealtimeEventName, assistantSignalSchema } from '@parley/contracts';
import { signalEmissions } from './assistant-signal-relay';

const audience = { accountId: 'a1', domainId: 'd1', customerId: 'c1', sharedWith: [] };

describe('assistant signals to sockets', () => {
  it('bot typing reaches both sides of the room as an agent typing', () => {
    expect(signalEmissions({ kind: 'typing', roomId: 'r1', audience, isTyping: true })).toEqual([
      {
        room: 'room:r1:visitor',
        event: RealtimeEventName.typingStatus,
        data: { roomId: 'r1', isTyping: true, agent: true },
      },
      {
        room: 'room:r1:team',
        event: RealtimeEventName.typingStatus,
        data: { roomId: 'r1', isTyping: true, agent: true },
      },
    ]);
  });

  it('streamed text reaches both sides as bot-stream { roomId, text }', () => {
    const emissions = signalEmissions({ kind: 'stream', roomId: 'r1', audience, text: 'Hel' });
    expect(emissions.map((e) => [e.room, e.event, e.data])).toEqual([
      ['room:r1:visitor', 'bot-stream', { roomId: 'r1', text: 'Hel' }],
      ['room:r1:team', 'bot-stream', { roomId: 'r1', text: 'Hel' }],
    ]);
  });

  it('refuses a signal without its room audience', () => {
    expect(assistantSignalSchema.safeParse({ kind: 'typing', roomId: 'r1', isTyping: true }).success).toBe(
      false,
    );
  });
});
