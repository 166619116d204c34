import { randomUUID } from 'node:crypto';
import { simpleParser, type EmailAddress } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { Logger } from '@parley/logger';
import type { CaughtMessage } from './message';
import type { MessageStore } from './store';

/** Big enough for any transactional mail; keeps one runaway client from filling memory. */
export const MAX_MESSAGE_BYTES = 10 * 1024 * 1024;

/** 'Name <address>' without the quotes mailparser's own text adds around names. */
function formatFrom(addresses: EmailAddress[] | undefined): string {
  return (addresses ?? [])
    .map((a) => (a.name ? `${a.name} <${a.address ?? ''}>` : (a.address ?? '')))
    .join(', ');
}

/**
 * An SMTP server that accepts every mail for every recipient and keeps it in `store`.
 * No STARTTLS (clients would otherwise try to upgrade against a self-signed certificate) and any
 * credentials are accepted, so an SMTP_URL with or without a user works unchanged.
 */
export function createSmtpServer(store: MessageStore, logger: Logger): SMTPServer {
  return new SMTPServer({
    name: 'mailcatcher',
    banner: 'Parley mail catcher (development only)',
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    allowInsecureAuth: true,
    size: MAX_MESSAGE_BYTES,
    logger: false,
    // Clients with an open connection must not hold stop() up for long.
    closeTimeout: 1000,
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username ?? 'anonymous' });
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          if (stream.sizeExceeded) {
            callback(Object.assign(new Error('Message exceeds the size limit'), { responseCode: 552 }));
            return;
          }
          const header = (name: string) => {
            const line = parsed.headerLines.find((h) => h.key === name)?.line;
            return line
              ? line
                  .replace(/\r?\n[ \t]+/g, ' ')
                  .replace(/^[^:]+:\s*/, '')
                  .trim()
              : null;
          };
          const message: CaughtMessage = {
            id: randomUUID(),
            from:
              formatFrom(parsed.from?.value) ||
              (session.envelope.mailFrom ? session.envelope.mailFrom.address : ''),
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : null,
            listUnsubscribe: header('list-unsubscribe'),
            listUnsubscribePost: header('list-unsubscribe-post'),
            receivedAt: new Date().toISOString(),
          };
          store.add(message);
          logger.info({ id: message.id, to: message.to, subject: message.subject }, 'mail caught');
          callback();
        })
        .catch((e: unknown) => {
          logger.warn({ err: e }, 'could not parse a mail');
          callback(Object.assign(new Error('Could not parse the message'), { responseCode: 554 }));
        });
    },
  });
}
