'use client';

import { MenuOutlined } from '@/components/public-icons';
import Link from 'next/link';
import { useEffect, useState } from 'react';
import { Logo } from '@/components/brand/Logo';
import { ThemeToggle } from '@/components/theme/ThemeToggle';
import { Button, ButtonLink } from '@/components/ui/Button';
import { MobileMenu } from './MobileMenu';
import { NAV_LINKS } from './nav-links';
import styles from './Navbar.module.css';

/** Spec section 9: the navbar turns solid once the page has scrolled more than 10px. */
export const SOLID_AFTER_PX = 10;

export function Navbar() {
  const [solid, setSolid] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);

  useEffect(() => {
    const update = () => setSolid(window.scrollY > SOLID_AFTER_PX);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, []);

  useEffect(() => {
    // The menu is for narrow screens only; close it if the window grows past the breakpoint.
    const query = window.matchMedia('(min-width: 768px)');
    const close = (e: MediaQueryListEvent) => e.matches && setMenuOpen(false);
    query.addEventListener('change', close);
    return () => query.removeEventListener('change', close);
  }, []);

  return (
    <header
      className={`${styles.navbar} ${solid ? styles.solid : ''}`}
      data-testid="navbar"
      data-solid={solid ? 'true' : 'false'}
    >
      <div className={`container ${styles.inner}`}>
        <Logo />
        <nav className={styles.links} aria-label="Main">
          {NAV_LINKS.map((link) => (
            <Link key={link.href} href={link.href} className={styles.link}>
              {link.label}
            </Link>
          ))}
        </nav>
        <div className={styles.actions}>
          <ThemeToggle />
          <Link href="/auth/sign-in" className={`${styles.link} ${styles.desktopOnly}`}>
            Log In
          </Link>
          <ButtonLink href="/auth/sign-up" variant="primary" className={styles.desktopOnly}>
            Get Started
          </ButtonLink>
          <Button
            className={styles.menuButton}
            variant="text"
            iconOnly
            aria-label="Open menu"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            icon={<MenuOutlined />}
            onClick={() => setMenuOpen(true)}
          />
        </div>
      </div>
      <MobileMenu open={menuOpen} onClose={() => setMenuOpen(false)} />
    </header>
  );
}
