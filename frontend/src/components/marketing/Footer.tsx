import { GithubFilled, LinkedinFilled, XOutlined, YoutubeFilled } from '@/components/public-icons';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { Logo } from '@/components/brand/Logo';
import { COMPANY_LINKS, LEGAL_LINKS, SECTION_LINKS, SOCIAL_LINKS } from './nav-links';
import styles from './Footer.module.css';

const SOCIAL_ICONS: Record<(typeof SOCIAL_LINKS)[number]['network'], ReactNode> = {
  x: <XOutlined />,
  linkedin: <LinkedinFilled />,
  github: <GithubFilled />,
  youtube: <YoutubeFilled />,
};

/** Screen 2: tagline, social links, Quick Links, Company, Contact Us (support mailto), legal links. */
export function Footer({ supportEmail, salesEmail }: { supportEmail: string; salesEmail: string }) {
  const year = new Date().getFullYear();
  return (
    <footer className={styles.footer} data-testid="footer">
      <div className={`container ${styles.grid}`}>
        <div className={styles.brand}>
          <Logo />
          <p className={styles.tagline}>
            AI customer support that answers in seconds and knows when to bring in a human.
          </p>
          <ul className={styles.social} aria-label="Social links">
            {SOCIAL_LINKS.map((s) => (
              <li key={s.network}>
                <a href={s.href} aria-label={s.label} target="_blank" rel="noopener noreferrer">
                  {SOCIAL_ICONS[s.network]}
                </a>
              </li>
            ))}
          </ul>
        </div>

        <nav className={styles.column} aria-labelledby="footer-quick-links">
          <h2 id="footer-quick-links">Quick Links</h2>
          <ul>
            {SECTION_LINKS.map((l) => (
              <li key={l.href}>
                <Link href={l.href}>{l.label}</Link>
              </li>
            ))}
            <li>
              <Link href="/auth/sign-up">Get Started</Link>
            </li>
          </ul>
        </nav>

        <nav className={styles.column} aria-labelledby="footer-company">
          <h2 id="footer-company">Company</h2>
          <ul>
            {COMPANY_LINKS.map((l) => (
              <li key={l.href}>
                <Link href={l.href}>{l.label}</Link>
              </li>
            ))}
          </ul>
        </nav>

        <div className={styles.column}>
          <h2 id="footer-contact">Contact Us</h2>
          <ul aria-labelledby="footer-contact">
            <li>
              <a href={`mailto:${supportEmail}`} data-testid="support-mailto">
                {supportEmail}
              </a>
            </li>
            <li>
              <a href={`mailto:${salesEmail}`}>{salesEmail}</a>
            </li>
            <li>
              <Link href="/contact">All the ways to reach us</Link>
            </li>
          </ul>
        </div>
      </div>

      <div className="container">
        <div className={styles.bottom}>
          <p>© {year} Parley. All rights reserved.</p>
          <nav aria-label="Legal">
            <ul className={styles.legal}>
              {LEGAL_LINKS.map((l) => (
                <li key={l.href}>
                  <Link href={l.href}>{l.label}</Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </div>
    </footer>
  );
}
