import type { ReactNode } from 'react';
import styles from './PageTitle.module.css';

export function PageTitle({
  title,
  description,
  extra,
}: {
  title: string;
  description?: ReactNode;
  extra?: ReactNode;
}) {
  return (
    <header className={styles.header}>
      <div>
        <h1>{title}</h1>
        {description && <p>{description}</p>}
      </div>
      {extra && <div className={styles.extra}>{extra}</div>}
    </header>
  );
}
