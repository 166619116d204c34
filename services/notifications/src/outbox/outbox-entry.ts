/** A mail as a projection asks for it. */
export interface OutboxEntry {
  /** The causing event's id: the idempotency key. */
  id: string;
  template: string;
  recipient: string;
  data: Record<string, unknown>;
  /** Values sealed with MAIL_SEAL_KEY, by name; null when the mail has no secret. */
  sealedSecrets: Record<string, string> | null;
  expiresAt: Date | null;
  /** The marketing campaign the mail belongs to (its counts); absent for every other mail. */
  campaignId?: string;
}

/** A pending row a sender has claimed (its lease is running). */
export interface ClaimedMail {
  id: string;
  template: string;
  recipient: string;
  data: Record<string, unknown>;
  sealedSecrets: Record<string, string> | null;
  expiresAt: Date | null;
  /** Including the one now being made. */
  attempts: number;
}

export type OutboxStatus = 'pending' | 'sent' | 'expired' | 'failed' | 'suppressed';
