import type { ReactNode } from 'react';
import { PageTitle } from './PageTitle';
import styles from './ComingSoon.module.css';

/**
 * An honest empty state for a section whose feature is not switched on yet: what it is for and
 * what will appear here, never made-up rows.
 */
export function ComingSoon({
  title,
  description,
  icon,
  emptyTitle,
  emptyText,
  willShow,
}: {
  title: string;
  description: string;
  icon: ReactNode;
  emptyTitle: string;
  emptyText: string;
  willShow: string[];
}) {
  return (
    <>
      <PageTitle title={title} description={description} />
      <section className={styles.empty} data-testid="empty-state" aria-labelledby="empty-title">
        <span className={styles.icon} aria-hidden="true">
          {icon}
        </span>
        <h2 id="empty-title">{emptyTitle}</h2>
        <p>{emptyText}</p>
        <div className={styles.list}>
          <h3>What will appear here</h3>
          <ul>
            {willShow.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}
