/** `now` and `linkIssuedAt` are epoch milliseconds; the email is already normalised (trimmed, lower-case). */
export type NewsletterCommand =
  | { type: 'RequestSubscription'; email: string; now: number }
  /** From a confirm link whose signature checked out; `linkIssuedAt` is the request it was mailed for. */
  | { type: 'ConfirmSubscription'; linkIssuedAt: number; now: number }
  | { type: 'Unsubscribe'; now: number };
