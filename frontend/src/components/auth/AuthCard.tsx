import type { ReactNode } from 'react';
import styles from './AuthCard.module.css';

export function AuthHeading({ title, subtitle }: { title: ReactNode; subtitle?: ReactNode }) {
  return (
    <header className={styles.heading}>
      <h1>{title}</h1>
      {subtitle && <p>{subtitle}</p>}
    </header>
  );
}

export function AuthFooterNote({ children }: { children: ReactNode }) {
  return <p className={styles.footerNote}>{children}</p>;
}
