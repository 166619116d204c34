import Link from 'next/link';
import styles from './Logo.module.css';

/**
 * The mark: a speech bubble on the brand gradient. The gradient is CSS, not an SVG <defs> entry,
 * so several marks on a page (one of them maybe hidden) never share or lose a gradient id.
 */
export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <span
      className={styles.mark}
      style={{ width: size, height: size, borderRadius: size / 4 }}
      aria-hidden="true"
    >
      <svg width={size} height={size} viewBox="0 0 64 64">
        <path
          d="M22 16h20a6 6 0 0 1 6 6v14a6 6 0 0 1-6 6H30l-8 7v-7a6 6 0 0 1-6-6V22a6 6 0 0 1 6-6z"
          fill="#fff"
        />
        <circle cx="26" cy="29" r="2.5" fill="#6366f1" />
        <circle cx="32" cy="29" r="2.5" fill="#6366f1" />
        <circle cx="38" cy="29" r="2.5" fill="#6366f1" />
      </svg>
    </span>
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
