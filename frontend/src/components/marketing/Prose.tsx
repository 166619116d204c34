import type { ReactNode } from 'react';
import styles from './Prose.module.css';

/** Long-form text (policies, terms) with a contents list beside it on wide screens. */
export function Prose({ toc, children }: { toc?: { id: string; title: string }[]; children: ReactNode }) {
  return (
    <div className={`container ${styles.layout} ${toc ? '' : styles.single}`}>
      {toc && (
        <nav className={styles.toc} aria-label="On this page">
          <p>On this page</p>
          <ol>
            {toc.map((t) => (
              <li key={t.id}>
                <a href={`#${t.id}`}>{t.title}</a>
              </li>
            ))}
          </ol>
        </nav>
      )}
      <article className={styles.prose}>{children}</article>
    </div>
  );
}
