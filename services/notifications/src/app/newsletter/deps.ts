import type { EventStore } from '@parley/eventstore';
import type { Logger } from '@parley/logger';
import type { ProjectionRunner } from '@parley/projections';

/** What the newsletter's command handlers use; wired once in start.ts. */
export interface NewsletterDeps {
  store: EventStore;
  /** Signs and checks the links in confirmation mails (see security/link-token.ts). */
  linkKey: Buffer;
  /** Epoch milliseconds; tests move it across the mail interval and link expiry. */
  clock: () => number;
  /** newsletter_subscribers: a link's answer is given once the read model shows it. */
  subscribers: ProjectionRunner;
  logger: Logger;
}

export const newsletterSubject = (store: EventStore, subscriberId: string) =>
  store.subject('newsletter', subscriberId);
