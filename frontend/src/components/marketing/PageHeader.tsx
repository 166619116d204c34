import type { ReactNode } from 'react';
import styles from './PageHeader.module.css';

/** The banner at the top of the site's own pages (careers, contact, legal). */
export function PageHeader({
  eyebrow,
  title,
  lead,
  meta,
}: {
  eyebrow?: string;
  title: string;
  lead?: ReactNode;
  meta?: ReactNode;
}) {
  return (
    <header className={styles.header}>
      <div className="container">
        {eyebrow && <p className={styles.eyebrow}>{eyebrow}</p>}
        <h1 className={styles.title}>{title}</h1>
        {lead && <p className={styles.lead}>{lead}</p>}
        {meta && <p className={styles.meta}>{meta}</p>}
      </div>
    </header>
  );
}
