import { activityAfter } from './assistant-activity';
import { activityEmissions } from './assistant-activity-replay';

const audience = { accountId: 'a1', domainId: 'd1', customerId: 'c1', sharedWith: [] };

describe('the assistant’s activity in a room', () => {
  it('follows its signals: typing, a draft, a withdrawn draft, done', () => {
    expect(activityAfter({ kind: 'typing', roomId: 'r1', audience, isTyping: true })).toEqual({
      draft: null,
    });
    expect(activityAfter({ kind: 'stream', roomId: 'r1', audience, text: 'You can' })).toEqual({
      draft: 'You can',
    });
    expect(activityAfter({ kind: 'stream', roomId: 'r1', audience, text: '' })).toEqual({ draft: null });
    expect(activityAfter({ kind: 'typing', roomId: 'r1', audience, isTyping: false })).toBeNull();
  });

  it('replays typing, then the draft when there is one, on the room channel; not typing when idle', () => {
    expect(activityEmissions('r1', null).map((e) => [e.event, e.envelope.data])).toEqual([
      ['typing-status', { roomId: 'r1', isTyping: false, agent: true }],
    ]);
    expect(activityEmissions('r1', { draft: null })).toEqual([
      {
        event: 'typing-status',
        envelope: { channel: 'r1', cursor: null, data: { roomId: 'r1', isTyping: true, agent: true } },
      },
    ]);
    expect(activityEmissions('r1', { draft: 'You can' }).map((e) => [e.event, e.envelope.data])).toEqual([
      ['typing-status', { roomId: 'r1', isTyping: true, agent: true }],
      ['bot-stream', { roomId: 'r1', text: 'You can' }],
    ]);
  });
});
