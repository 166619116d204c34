import { handoffMail, roomMailedOf } from './handoff-mail';

const mailed = {
  roomId: 'room 1',
  audience: { accountId: 'owner-1', domainId: 'd-1', customerId: 'c-1', sharedWith: [] },
  mailedAt: '2026-03-01T10:00:00.000Z',
};
const facts = {
  owner: { email: 'ann@example.com', fullname: 'Ann Smith' },
  domain: 'shop.example.com',
  appUrl: 'https://app.parley.example',
  occurredAt: '2026-03-01T10:00:01.000Z',
};

describe('handoff mail', () => {
  it('goes to the owner once per room, with the domain and a link that opens the room', () => {
    expect(handoffMail(mailed, facts)).toEqual({
      id: 'live-support:room 1',
      template: 'live-support',
      recipient: 'ann@example.com',
      data: {
        fullname: 'Ann Smith',
        domain: 'shop.example.com',
        conversationUrl: 'https://app.parley.example/dashboard/conversation?room=room%201',
      },
      sealedSecrets: null,
      expiresAt: new Date('2026-03-02T10:00:00.000Z'),
    });
  });

  it("expires a day after the log's time when mailedAt is not a time", () => {
    expect(handoffMail({ ...mailed, mailedAt: 'soon' }, facts).expiresAt).toEqual(
      new Date('2026-03-02T10:00:01.000Z'),
    );
  });

  it('refuses a RoomMailed that breaks its contract, naming the event', () => {
    expect(() =>
      roomMailedOf({ eventId: 'cmd-9:0', type: 'conversations.RoomMailed', data: { roomId: 'r' } }),
    ).toThrow(/malformed conversations.RoomMailed cmd-9:0: audience/);
  });
});
