import { createTransport } from 'nodemailer';

export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
  /** Stable per outbox row, so a receiving system can spot the rare resend after a crash. */
  messageId: string;
}

export interface MailTransport {
  /** Resolves once the SMTP server accepted the mail; rejects with nodemailer's error otherwise. */
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/**
 * SMTP through nodemailer, a connection per mail (transactional volume does not need a pool, and
 * a fresh connection recovers from a restarted server by itself). Timeouts stay well under the
 * outbox lease so a hung server cannot make two senders send the same row.
 */
export function createSmtpTransport(smtpUrl: string): MailTransport {
  const transporter = createTransport({
    url: smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    send: async (mail) => {
      await transporter.sendMail(mail);
    },
    close: () => transporter.close(),
  };
}
