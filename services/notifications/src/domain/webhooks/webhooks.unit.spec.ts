import { BillingEvent, ConversationsEvent } from '@parley/contracts';
import { webhookEventOf } from './events';
import { deliveryExpired, endpointGivenUp, retryDelayMs } from './retry';
import { signatureHeader, verifySignature } from './signature';

const audience = { accountId: 'acct', domainId: 'dom', customerId: 'cus', sharedWith: [] };

describe('webhook events', () => {
  it('maps the six kinds of event and nothing else', () => {
    expect(
      webhookEventOf({ type: ConversationsEvent.RoomOpened, data: { roomId: 'r', audience, openedAt: 't' } }),
    ).toMatchObject({
      accountId: 'acct',
      type: 'conversation.started',
      data: { roomId: 'r', domainId: 'dom' },
    });
    const posted = {
      roomId: 'r',
      audience,
      messageId: 'm',
      author: 'visitor',
      content: 'Hi',
      isNote: false,
      postedAt: 't',
    };
    expect(webhookEventOf({ type: ConversationsEvent.MessagePosted, data: posted })?.type).toBe(
      'message.created',
    );
    expect(
      webhookEventOf({ type: ConversationsEvent.MessagePosted, data: { ...posted, isNote: true } }),
    ).toBeNull();
    const live = { roomId: 'r', audience, live: true, changedBy: 'assistant', changedAt: 't' };
    expect(webhookEventOf({ type: ConversationsEvent.LiveModeChanged, data: live })?.type).toBe(
      'handoff.requested',
    );
    expect(
      webhookEventOf({ type: ConversationsEvent.LiveModeChanged, data: { ...live, changedBy: 'u1' } }),
    ).toBeNull();
    expect(
      webhookEventOf({ type: ConversationsEvent.AppointmentBooked, data: { accountId: 'acct' } })?.type,
    ).toBe('booking.made');
    expect(
      webhookEventOf({
        type: ConversationsEvent.CustomerEmailSet,
        data: { accountId: 'acct', email: 'a@b.co' },
      }),
    ).toMatchObject({ type: 'contact.captured', data: { email: 'a@b.co' } });
    expect(
      webhookEventOf({ type: BillingEvent.OrderPaid, data: { accountId: 'acct', amountCents: 500 } }),
    ).toMatchObject({
      type: 'order.paid',
      data: { amountCents: 500 },
    });
    expect(webhookEventOf({ type: ConversationsEvent.RoomSeen, data: { audience } })).toBeNull();
  });
});

describe('webhook signatures', () => {
  it('verifies its own signature and refuses another body, secret or an old timestamp', () => {
    const header = signatureHeader('whsec_x', '{"a":1}', 1_700_000_000);
    expect(header).toMatch(/^t=1700000000,v1=[0-9a-f]{64}$/);
    expect(verifySignature('whsec_x', '{"a":1}', header, 1_700_000_010)).toBe(true);
    expect(verifySignature('whsec_x', '{"a":2}', header, 1_700_000_010)).toBe(false);
    expect(verifySignature('whsec_y', '{"a":1}', header, 1_700_000_010)).toBe(false);
    expect(verifySignature('whsec_x', '{"a":1}', header, 1_700_001_000)).toBe(false);
    expect(verifySignature('whsec_x', '{"a":1}', 'garbage', 1_700_000_000)).toBe(false);
  });
});

describe('webhook retries', () => {
  const policy = { baseMs: 1000, maxMs: 60_000, windowMs: 86_400_000 };
  it('doubles from the base up to the cap', () => {
    expect([1, 2, 3, 4, 10].map((n) => retryDelayMs(policy, n))).toEqual([1000, 2000, 4000, 8000, 60_000]);
  });
  it('gives a delivery and a failing endpoint up after the window', () => {
    const t0 = new Date('2030-01-01T00:00:00Z');
    const later = (ms: number) => new Date(t0.getTime() + ms);
    expect(deliveryExpired(policy, t0, later(86_399_999))).toBe(false);
    expect(deliveryExpired(policy, t0, later(86_400_000))).toBe(true);
    expect(endpointGivenUp(policy, null, later(10 * 86_400_000))).toBe(false);
    expect(endpointGivenUp(policy, t0, later(86_400_000))).toBe(true);
  });
});
