import type { Metadata } from 'next';
import { StatusMessage } from '@/components/status/StatusMessage';
import { ButtonLink } from '@/components/ui/Button';
import { runtimeConfig } from '@/lib/server/runtime-config';
import styles from './newsletter.module.css';
import { outcomeOf } from './outcome';
import { viewOf } from './outcomes';

export const metadata: Metadata = { title: 'Newsletter', robots: { index: false, follow: false } };

/**
 * Where the links in the newsletter's confirmation mail end up: the gateway follows the link and
 * redirects here with `?status=<outcome>`.
 */
export default async function NewsletterResultPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const outcome = outcomeOf((await searchParams).status);
  const view = viewOf(outcome);
  const { contact } = runtimeConfig();
  return (
    <section className={styles.section}>
      <div className="container">
        <div className={`${styles.card} ${styles[view.tone]}`} data-status={outcome}>
          <StatusMessage
            testId="newsletter-result"
            icon={view.icon}
            title={view.title}
            actions={
              <>
                {view.offerSubscribe && (
                  <ButtonLink href="/#newsletter" variant="primary" size="large">
                    Subscribe again
                  </ButtonLink>
                )}
                <ButtonLink href="/" variant={view.offerSubscribe ? 'default' : 'primary'} size="large">
                  Go to the home page
                </ButtonLink>
              </>
            }
          >
            {view.paragraphs.map((p) => (
              <p key={p}>{p}</p>
            ))}
            {view.tone === 'problem' && (
              <p>
                Still stuck? Email <a href={`mailto:${contact.support}`}>{contact.support}</a>.
              </p>
            )}
          </StatusMessage>
        </div>
      </div>
    </section>
  );
}
