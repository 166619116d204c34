'use client';

import { CloseOutlined, MenuOutlined } from '@/components/public-icons';
import { Button, Drawer } from 'antd';
import Link from 'next/link';
import { useEffect, useState } from 'react';
import { Logo } from '@/components/brand/Logo';
import { ThemeToggle } from '@/components/theme/ThemeToggle';
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
    // The drawer is for narrow screens only; close it if the window grows past the breakpoint.
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
          <Link href="/auth/sign-up" className={styles.desktopOnly}>
            <Button type="primary">Get Started</Button>
          </Link>
          <Button
            className={styles.menuButton}
            type="text"
            aria-label="Open menu"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            icon={<MenuOutlined />}
            onClick={() => setMenuOpen(true)}
          />
        </div>
      </div>
      <Drawer
        id="mobile-menu"
        open={menuOpen}
        onClose={() => setMenuOpen(false)}
        placement="right"
        size={320}
        closable={false}
        title={null}
        styles={{ body: { padding: 0 } }}
        rootClassName={styles.drawerRoot}
      >
        <div className={styles.drawerHeader}>
          <Logo />
          <Button
            type="text"
            aria-label="Close menu"
            icon={<CloseOutlined />}
            onClick={() => setMenuOpen(false)}
          />
        </div>
        <nav className={styles.drawerLinks} aria-label="Mobile">
          {NAV_LINKS.map((link) => (
            <Link
              key={link.href}
              href={link.href}
              className={styles.drawerLink}
              onClick={() => setMenuOpen(false)}
            >
              {link.label}
            </Link>
          ))}
        </nav>
        <div className={styles.drawerActions}>
          <Link href="/auth/sign-up" onClick={() => setMenuOpen(false)}>
            <Button type="primary" size="large" block>
              Get Started
            </Button>
          </Link>
          <Link href="/auth/sign-in" onClick={() => setMenuOpen(false)}>
            <Button size="large" block>
              Log In
            </Button>
          </Link>
        </div>
      </Drawer>
    </header>
  );
}
