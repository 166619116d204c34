/** A mail as the catcher keeps it and serves it over HTTP. */
export interface CaughtMessage {
  id: string;
  /** The From header as written, e.g. 'Parley <no-reply@parley.local>'. */
  from: string;
  /** Envelope recipients (lower-cased): who the mail was actually delivered to, Bcc included. */
  to: string[];
  subject: string;
  text: string;
  /** null when the mail has no HTML part. */
  html: string | null;
  /** The List-Unsubscribe and List-Unsubscribe-Post headers (RFC 2369, 8058), unfolded; null when absent. */
  listUnsubscribe: string | null;
  listUnsubscribePost: string | null;
  /** ISO 8601. */
  receivedAt: string;
}
