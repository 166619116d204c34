import { ArrowRightOutlined, CheckCircleFilled } from '@/components/public-icons';
import { ButtonLink } from '@/components/ui/Button';
import { ChatPreview } from './ChatPreview';
import styles from './Hero.module.css';

const REASSURANCES = [
  'Free plan, no card needed',
  'One line of code on your site',
  'Your team steps in any time',
];

export function Hero() {
  return (
    <section className={styles.hero} aria-labelledby="hero-title">
      <div className={styles.glow} aria-hidden="true" />
      <div className={`container ${styles.grid}`}>
        <div className={styles.copy}>
          <p className={styles.eyebrow}>
            <span className={styles.eyebrowTag}>New</span> Live hand-off from the assistant to your team
          </p>
          <h1 id="hero-title" className={styles.title}>
            Answer every customer in seconds{' '}
            <span className={styles.accent}>and bring in a human when it matters</span>
          </h1>
          <p className={styles.lead}>
            Parley puts an AI assistant on your website that learns your products and FAQs, books meetings and
            takes orders right in the chat, and hands the conversation to your team the moment a person is
            needed.
          </p>
          <div className={styles.ctas}>
            <ButtonLink
              href="/auth/sign-up?plan=STANDARD"
              variant="primary"
              size="large"
              className={styles.primaryCta}
            >
              Start for free <ArrowRightOutlined />
            </ButtonLink>
            <ButtonLink href="/#pricing" size="large" className={styles.secondaryCta}>
              See pricing
            </ButtonLink>
          </div>
          <ul className={styles.reassurances}>
            {REASSURANCES.map((r) => (
              <li key={r}>
                <CheckCircleFilled /> {r}
              </li>
            ))}
          </ul>
        </div>
        <div className={styles.visual}>
          <ChatPreview />
        </div>
      </div>
    </section>
  );
}
