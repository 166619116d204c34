import { StripeApiError } from './errors';

/** What a test card does when charged (Stripe's documented test numbers). */
export type CardOutcome =
  | { kind: 'succeed' }
  | { kind: 'decline'; code: string; declineCode: string; message: string }
  /** Attaches and saves, but every later (off-session) charge is declined: renewals fail. */
  | { kind: 'fail_later' };

const GENERIC_DECLINE = {
  kind: 'decline',
  code: 'card_declined',
  declineCode: 'generic_decline',
  message: 'Your card was declined.',
} as const;

const TEST_CARDS: Record<string, CardOutcome> = {
  '4242424242424242': { kind: 'succeed' },
  '4000056655665556': { kind: 'succeed' },
  '5555555555554444': { kind: 'succeed' },
  '4000000000000002': GENERIC_DECLINE,
  '4000000000009995': {
    kind: 'decline',
    code: 'card_declined',
    declineCode: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
  '4000000000000069': {
    kind: 'decline',
    code: 'expired_card',
    declineCode: 'expired_card',
    message: 'Your card has expired.',
  },
  '4000000000000127': {
    kind: 'decline',
    code: 'incorrect_cvc',
    declineCode: 'incorrect_cvc',
    message: "Your card's security code is incorrect.",
  },
  '4000000000000341': { kind: 'fail_later' },
};

export function luhnValid(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let d = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return number.length >= 12 && sum % 10 === 0;
}

export function brandOf(number: string): string {
  if (number.startsWith('4')) return 'visa';
  if (/^5[1-5]/.test(number) || /^2[2-7]/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  return 'unknown';
}

export interface CardInput {
  number?: unknown;
  exp_month?: unknown;
  exp_year?: unknown;
  cvc?: unknown;
}

export interface CardDetails {
  number: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

const cardError = (code: string, message: string, param: string) =>
  new StripeApiError(402, { type: 'card_error', code, message, param });

/** A card as Stripe checks it when a payment method is created: number, expiry and CVC. */
export function parseCard(input: CardInput | undefined, nowMs: number): CardDetails {
  const number = String(input?.number ?? '').replace(/\s+/g, '');
  if (!/^\d{12,19}$/.test(number) || !luhnValid(number))
    throw cardError('incorrect_number', 'Your card number is incorrect.', 'number');
  const expMonth = Number(input?.exp_month);
  let expYear = Number(input?.exp_year);
  if (expYear < 100) expYear += 2000;
  if (!Number.isInteger(expMonth) || expMonth < 1 || expMonth > 12)
    throw cardError('invalid_expiry_month', "Your card's expiration month is invalid.", 'exp_month');
  const now = new Date(nowMs);
  if (
    !Number.isInteger(expYear) ||
    expYear < now.getUTCFullYear() ||
    (expYear === now.getUTCFullYear() && expMonth < now.getUTCMonth() + 1)
  )
    throw cardError('invalid_expiry_year', "Your card's expiration year is invalid.", 'exp_year');
  const cvc = String(input?.cvc ?? '');
  if (cvc !== '' && !/^\d{3,4}$/.test(cvc))
    throw cardError('invalid_cvc', "Your card's security code is invalid.", 'cvc');
  return { number, brand: brandOf(number), last4: number.slice(-4), expMonth, expYear };
}

/** Any valid number that is not a listed test card succeeds, as Stripe's test mode mostly does. */
export const outcomeOf = (number: string): CardOutcome => TEST_CARDS[number] ?? { kind: 'succeed' };
