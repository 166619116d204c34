import type { AppError } from '@parley/contracts';
import { deciderSpec } from '@parley/testing';
import { newsletterDecider } from './decide';
import type { NewsletterEvent } from './events';
import { NewsletterEventType as T } from './events';

const T0 = Date.parse('2030-01-01T10:00:00.000Z');
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const iso = (ms: number) => new Date(ms).toISOString();
const email = 'ann@example.com';
const spec = deciderSpec(newsletterDecider);

const requested = (at: number): NewsletterEvent => ({
  type: T.SubscriptionRequested,
  data: { email, requestedAt: iso(at) },
});
const confirmed = (at: number): NewsletterEvent => ({
  type: T.SubscriptionConfirmed,
  data: { email, confirmedAt: iso(at) },
});
const unsubscribed = (at: number): NewsletterEvent => ({
  type: T.Unsubscribed,
  data: { email, unsubscribedAt: iso(at) },
});

const request = (now: number) => ({ type: 'RequestSubscription' as const, email, now });
const confirm = (linkIssuedAt: number, now: number) => ({
  type: 'ConfirmSubscription' as const,
  linkIssuedAt,
  now,
});
const unsubscribe = (now: number) => ({ type: 'Unsubscribe' as const, now });

describe('newsletter: RequestSubscription', () => {
  it('given a new address, asks for a confirmation mail and leaves it pending', () => {
    const state = spec
      .given([])
      .when(request(T0))
      .then([requested(T0)]);
    expect(state).toMatchObject({ status: 'pending', email, lastRequestedAt: T0 });
  });

  it('given a request less than 10 minutes ago, records nothing (no second mail)', () => {
    spec
      .given([requested(T0)])
      .when(request(T0 + 10 * MINUTE - 1))
      .then([]);
  });

  it('given a request 10 minutes ago or more, asks for another mail', () => {
    spec
      .given([requested(T0)])
      .when(request(T0 + 10 * MINUTE))
      .then([requested(T0 + 10 * MINUTE)]);
  });

  it('given a confirmed address, records nothing, however long ago', () => {
    spec
      .given([requested(T0), confirmed(T0 + MINUTE)])
      .when(request(T0 + 400 * DAY))
      .then([]);
  });

  it('given an unsubscribed address, asks for a new confirmation, but still only one mail per 10 minutes', () => {
    spec
      .given([requested(T0), confirmed(T0 + MINUTE), unsubscribed(T0 + 2 * MINUTE)])
      .when(request(T0 + 3 * MINUTE))
      .then([]);
    const state = spec
      .given([requested(T0), confirmed(T0 + MINUTE), unsubscribed(T0 + 2 * MINUTE)])
      .when(request(T0 + 11 * MINUTE))
      .then([requested(T0 + 11 * MINUTE)]);
    expect(state.status).toBe('pending');
  });
});

describe('newsletter: ConfirmSubscription', () => {
  it('given a pending request, confirms it', () => {
    const state = spec
      .given([requested(T0)])
      .when(confirm(T0, T0 + 5 * MINUTE))
      .then([confirmed(T0 + 5 * MINUTE)]);
    expect(state.status).toBe('confirmed');
  });

  it('works with the link of an earlier mail while the address is still pending', () => {
    spec
      .given([requested(T0), requested(T0 + 20 * MINUTE)])
      .when(confirm(T0, T0 + DAY))
      .then([confirmed(T0 + DAY)]);
  });

  it('given a confirmed address, records nothing (already confirmed)', () => {
    const state = spec
      .given([requested(T0), confirmed(T0 + MINUTE)])
      .when(confirm(T0, T0 + 2 * MINUTE))
      .then([]);
    expect(state.status).toBe('confirmed');
  });

  it('says already confirmed rather than expired for an old link of a confirmed address', () => {
    spec
      .given([requested(T0), confirmed(T0 + MINUTE)])
      .when(confirm(T0, T0 + 30 * DAY))
      .then([]);
  });

  it('refuses a link 7 days old or older as expired', () => {
    spec
      .given([requested(T0)])
      .when(confirm(T0, T0 + 7 * DAY - 1))
      .then([confirmed(T0 + 7 * DAY - 1)]);
    const error = spec
      .given([requested(T0)])
      .when(confirm(T0, T0 + 7 * DAY))
      .thenThrows('NEWSLETTER_LINK_EXPIRED') as AppError;
    expect(error).toMatchObject({ kind: 'precondition', message: 'This link has expired.' });
  });

  it('refuses a link for an address that never asked', () => {
    const error = spec.given([]).when(confirm(T0, T0)).thenThrows('NEWSLETTER_LINK_INVALID') as AppError;
    expect(error.kind).toBe('not_found');
  });

  it('refuses a confirm link mailed before the address unsubscribed', () => {
    spec
      .given([requested(T0), confirmed(T0 + MINUTE), unsubscribed(T0 + 2 * MINUTE)])
      .when(confirm(T0, T0 + 3 * MINUTE))
      .thenThrows('NEWSLETTER_LINK_INVALID');
    spec
      .given([requested(T0), unsubscribed(T0 + 2 * MINUTE)])
      .when(confirm(T0, T0 + 3 * MINUTE))
      .thenThrows('NEWSLETTER_LINK_INVALID');
  });

  it('confirms with the link of a request made after unsubscribing', () => {
    spec
      .given([requested(T0), unsubscribed(T0 + MINUTE), requested(T0 + 20 * MINUTE)])
      .when(confirm(T0 + 20 * MINUTE, T0 + 21 * MINUTE))
      .then([confirmed(T0 + 21 * MINUTE)]);
  });
});

describe('newsletter: Unsubscribe', () => {
  it('given a confirmed subscription, unsubscribes it', () => {
    const state = spec
      .given([requested(T0), confirmed(T0 + MINUTE)])
      .when(unsubscribe(T0 + DAY))
      .then([unsubscribed(T0 + DAY)]);
    expect(state).toMatchObject({ status: 'unsubscribed', unsubscribedAt: T0 + DAY });
  });

  it('given a pending request, turns it down (its confirm links stop working)', () => {
    spec
      .given([requested(T0)])
      .when(unsubscribe(T0 + MINUTE))
      .then([unsubscribed(T0 + MINUTE)]);
  });

  it('given an unsubscribed address, records nothing', () => {
    spec
      .given([requested(T0), unsubscribed(T0 + MINUTE)])
      .when(unsubscribe(T0 + 2 * MINUTE))
      .then([]);
  });

  it('refuses a link for an address that never asked', () => {
    spec.given([]).when(unsubscribe(T0)).thenThrows('NEWSLETTER_LINK_INVALID');
  });
});
