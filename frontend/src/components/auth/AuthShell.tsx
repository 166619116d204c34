import { CheckCircleFilled } from '@/components/icons';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { Logo } from '@/components/brand/Logo';
import { ThemeToggle } from '@/components/theme/ThemeToggle';
import styles from './AuthShell.module.css';

const POINTS = [
  'Instant answers from what you teach the assistant',
  'One click hands a chat to your team, history included',
  'Bookings and sales without leaving the conversation',
];

/** Sign-in, sign-up and their status pages: a brand panel beside the form on wide screens. */
export function AuthShell({ children }: { children: ReactNode }) {
  return (
    <div className={styles.shell}>
      <aside className={styles.brand} aria-label="About Parley">
        <div className={styles.brandInner}>
          <Logo onDark />
          <div className={styles.pitch}>
            <h2>Support your customers will love, without growing your team</h2>
            <ul>
              {POINTS.map((p) => (
                <li key={p}>
                  <CheckCircleFilled aria-hidden="true" /> {p}
                </li>
              ))}
            </ul>
          </div>
          <p className={styles.legal}>
            <Link href="/privacy">Privacy</Link>
            <span aria-hidden="true">·</span>
            <Link href="/terms">Terms</Link>
            <span aria-hidden="true">·</span>
            <Link href="/contact">Contact</Link>
          </p>
        </div>
      </aside>
      <div className={styles.main}>
        <div className={styles.topbar}>
          <span className={styles.mobileLogo}>
            <Logo size={28} />
          </span>
          <Link href="/" className={styles.back}>
            ← Back to home
          </Link>
          <ThemeToggle />
        </div>
        <main className={styles.content}>{children}</main>
      </div>
    </div>
  );
}
