import type { ReactNode } from 'react';
import styles from './StatusMessage.module.css';

/** A full message for the redirect targets (maintenance, log-in or registration switched off). */
export function StatusMessage({
  icon,
  title,
  children,
  actions,
  testId,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
  actions?: ReactNode;
  testId?: string;
}) {
  return (
    <section className={styles.status} data-testid={testId} aria-labelledby="status-title">
      <span className={styles.icon} aria-hidden="true">
        {icon}
      </span>
      <h1 id="status-title">{title}</h1>
      <div className={styles.body}>{children}</div>
      {actions && <div className={styles.actions}>{actions}</div>}
    </section>
  );
}
