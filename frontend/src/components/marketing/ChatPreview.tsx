import { RobotFilled, SendOutlined, ThunderboltFilled } from '@/components/public-icons';
import styles from './ChatPreview.module.css';

/**
 * An illustration of the widget for the hero: how a conversation moves from the assistant to a
 * person on the team. It is drawn, not live data, and labelled as an example for screen readers.
 */
export function ChatPreview() {
  return (
    <figure className={styles.frame} aria-label="Example conversation in the Parley chat widget">
      <div className={styles.halo} aria-hidden="true" />
      <div className={styles.widget}>
        <div className={styles.header}>
          <span className={styles.avatar} aria-hidden="true">
            <RobotFilled />
          </span>
          <div>
            <p className={styles.name}>Acme Outdoors</p>
            <p className={styles.status}>
              <span className={styles.dot} aria-hidden="true" /> Replies instantly
            </p>
          </div>
        </div>

        <div className={styles.messages}>
          <p className={`${styles.bubble} ${styles.visitor}`}>Hi! Do you ship to Canada?</p>
          <div className={styles.botRow}>
            <p className={`${styles.bubble} ${styles.bot}`}>
              We do. Orders to Canada arrive in 5–7 business days, and shipping is free over $75.
            </p>
            <p className={styles.source}>
              <ThunderboltFilled aria-hidden="true" /> Answered instantly from your shipping FAQ
            </p>
          </div>
          <p className={`${styles.bubble} ${styles.visitor}`}>
            Great. Can I talk to someone about a team order?
          </p>
          <p className={styles.pill}>Live support mode has been enabled</p>
          <div className={styles.agentRow}>
            <p className={styles.agentLabel}>
              Maya <span className={styles.teamBadge}>Team</span>
            </p>
            <p className={`${styles.bubble} ${styles.bot}`}>
              Hi, I’m Maya from sales. How many jackets are you after?
            </p>
          </div>
          <div className={styles.typing} aria-hidden="true">
            <span />
            <span />
            <span />
          </div>
        </div>

        <div className={styles.composer} aria-hidden="true">
          <span>Write a message…</span>
          <span className={styles.send}>
            <SendOutlined />
          </span>
        </div>
      </div>
    </figure>
  );
}
