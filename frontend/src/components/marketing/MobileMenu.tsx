'use client';

import { CloseOutlined } from '@/components/public-icons';
import Link from 'next/link';
import { useEffect, useRef } from 'react';
import { Logo } from '@/components/brand/Logo';
import { Button, ButtonLink } from '@/components/ui/Button';
import { NAV_LINKS } from './nav-links';
import styles from './MobileMenu.module.css';

/**
 * The navbar's menu on narrow screens: a modal <dialog> sliding in from the right. The browser
 * keeps focus inside it, closes it on Escape and gives focus back to the menu button.
 */
export function MobileMenu({ open, onClose }: { open: boolean; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);

  return (
    <dialog
      ref={dialog}
      id="mobile-menu"
      aria-label="Menu"
      className={styles.menu}
      onClose={onClose}
      // A click on the backdrop lands on the dialog itself; one inside lands on its content.
      onClick={(e) => e.target === e.currentTarget && onClose()}
    >
      <div className={styles.panel}>
        <div className={styles.header}>
          <Logo />
          <Button
            variant="text"
            iconOnly
            aria-label="Close menu"
            icon={<CloseOutlined />}
            onClick={onClose}
          />
        </div>
        <nav className={styles.links} aria-label="Mobile">
          {NAV_LINKS.map((link) => (
            <Link key={link.href} href={link.href} className={styles.link} onClick={onClose}>
              {link.label}
            </Link>
          ))}
        </nav>
        <div className={styles.actions}>
          <ButtonLink href="/auth/sign-up" variant="primary" size="large" block onClick={onClose}>
            Get Started
          </ButtonLink>
          <ButtonLink href="/auth/sign-in" size="large" block onClick={onClose}>
            Log In
          </ButtonLink>
        </div>
      </div>
    </dialog>
  );
}
