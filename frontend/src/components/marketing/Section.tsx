import type { ReactNode } from 'react';
import styles from './Section.module.css';

/** A landing-page section with its anchor id and a centred heading. */
export function Section({
  id,
  eyebrow,
  title,
  lead,
  tone = 'plain',
  children,
}: {
  id?: string;
  eyebrow?: string;
  title: ReactNode;
  lead?: ReactNode;
  tone?: 'plain' | 'soft';
  children: ReactNode;
}) {
  const headingId = id ? `${id}-title` : undefined;
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={`${styles.section} ${tone === 'soft' ? styles.soft : ''}`}
    >
      <div className="container">
        <header className={styles.header}>
          {eyebrow && <p className={styles.eyebrow}>{eyebrow}</p>}
          <h2 id={headingId} className={styles.title}>
            {title}
          </h2>
          {lead && <p className={styles.lead}>{lead}</p>}
        </header>
        {children}
      </div>
    </section>
  );
}
