import Link from 'next/link';
import type { ButtonHTMLAttributes, ComponentProps, ReactNode } from 'react';
import styles from './button.module.css';

/** How a button looks: the same three kinds and two sizes the dashboard's antd buttons have. */
export interface ButtonLook {
  variant?: 'primary' | 'default' | 'text';
  size?: 'middle' | 'large';
  block?: boolean;
  /** A square (or, with `circle`, round) button that holds only an icon; give it an aria-label. */
  iconOnly?: boolean;
  circle?: boolean;
}

/** The class names for a look, for an element that is not one of the two below. */
export function buttonClass(
  { variant = 'default', size = 'middle', block, iconOnly, circle }: ButtonLook,
  extra?: string,
): string {
  return [
    styles.button,
    styles[variant],
    size === 'large' && styles.large,
    block && styles.block,
    iconOnly && styles.iconOnly,
    circle && styles.circle,
    extra,
  ]
    .filter(Boolean)
    .join(' ');
}

type ButtonProps = ButtonLook &
  ButtonHTMLAttributes<HTMLButtonElement> & {
    /** Busy: a spinner before the label, and no second click. */
    loading?: boolean;
    icon?: ReactNode;
  };

/** A <button> drawn as the public pages' button. */
export function Button({
  variant,
  size,
  block,
  iconOnly,
  circle,
  loading = false,
  icon,
  className,
  children,
  type = 'button',
  ...rest
}: ButtonProps) {
  const look = buttonClass({ variant, size, block, iconOnly, circle }, className);
  return (
    <button
      type={type}
      className={loading ? `${look} ${styles.loading}` : look}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading ? <span className={styles.spinner} aria-hidden="true" /> : icon}
      {children}
    </button>
  );
}

/**
 * A link that looks like a button: one element, so a keyboard stops on it once and a screen
 * reader hears a link (the old pages nested an antd <button> inside the <a>).
 */
export function ButtonLink({
  variant,
  size,
  block,
  iconOnly,
  circle,
  className,
  ...rest
}: ButtonLook & ComponentProps<typeof Link>) {
  return <Link className={buttonClass({ variant, size, block, iconOnly, circle }, className)} {...rest} />;
}
