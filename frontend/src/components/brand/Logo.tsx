import Link from 'next/link';
import styles from './Logo.module.css';

export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" className={styles.mark}>
      <defs>
        <linearGradient id="parley-logo-gradient" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#6366f1" />
          <stop offset="1" stopColor="#8b5cf6" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="16" fill="url(#parley-logo-gradient)" />
      <path
        d="M22 16h20a6 6 0 0 1 6 6v14a6 6 0 0 1-6 6H30l-8 7v-7a6 6 0 0 1-6-6V22a6 6 0 0 1 6-6z"
        fill="#fff"
      />
      <circle cx="26" cy="29" r="2.5" fill="#6366f1" />
      <circle cx="32" cy="29" r="2.5" fill="#6366f1" />
      <circle cx="38" cy="29" r="2.5" fill="#6366f1" />
    </svg>
  );
}

export function Logo({
  href = '/',
  size = 32,
  onDark = false,
}: {
  href?: string;
  size?: number;
  onDark?: boolean;
}) {
  return (
    <Link href={href} className={`${styles.logo} ${onDark ? styles.onDark : ''}`} aria-label="Parley home">
      <LogoMark size={size} />
      <span className={styles.word}>Parley</span>
    </Link>
  );
}
