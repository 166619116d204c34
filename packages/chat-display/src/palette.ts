import { contrastRatio, luminance, mutedTextOn, readableAccent, readableTextOn } from './contrast';
import { colour, DEFAULT_THEME_COLOR } from './home-layout';

/** The widget settings' colours (spec section 3), as stored: any may be missing or not a colour. */
export interface PaletteSettings {
  background?: string | null;
  textColor?: string | null;
  iconColor?: string | null;
  themeColor?: string | null;
  helpDeskColor?: string | null;
  titleColor?: string | null;
}

export type Scheme = 'light' | 'dark';

/** The panel's colours when the visitor's system is dark and the owner's panel is light. */
const DARK_BG = '#111827';
const DARK_TEXT = '#e5e7eb';
/** Icons and other non-text parts need 3:1 (WCAG 1.4.11). */
const NON_TEXT = 3;

export interface Palette {
  scheme: Scheme;
  theme: string;
  /** Text on the theme colour: the owner's title colour when it reads there. */
  onTheme: string;
  text: string;
  bg: string;
  /** Secondary text (times, hints, prices struck through). */
  muted: string;
  /** The help desk's links and topics, and links in general, readable on the panel. */
  help: string;
  accent: string;
  icon: string;
  /** Errors and discounts, and confirmations: red and green shaded to read on the panel. */
  danger: string;
  success: string;
}

/**
 * The widget's colours from the owner's settings, made to pass WCAG AA whatever they chose: text
 * on the theme colour is the title colour only when it reads there (else black or white); links
 * keep their hue but are shaded until they read on the panel. With the visitor's system in dark
 * mode a light panel turns dark (an owner who chose a dark panel keeps theirs). The widget and the
 * dashboard's preview of it both draw with this.
 */
export function widgetPalette(s: PaletteSettings, scheme: Scheme): Palette {
  const theme = colour(s.themeColor, DEFAULT_THEME_COLOR);
  const ownerBg = colour(s.background, '#ffffff');
  const darkens = scheme === 'dark' && (luminance(ownerBg) ?? 1) > 0.4;
  const bg = darkens ? DARK_BG : ownerBg;
  const text = darkens ? DARK_TEXT : readableTextOn(bg, colour(s.textColor, '#111827'));
  const onTheme = readableTextOn(theme, colour(s.titleColor, '#ffffff'));
  const icon = colour(s.iconColor, '#ffffff');
  return {
    scheme: darkens || (luminance(bg) ?? 1) < 0.2 ? 'dark' : 'light',
    theme,
    onTheme,
    text,
    bg,
    muted: mutedTextOn(text, bg),
    help: readableAccent(colour(s.helpDeskColor, theme), bg),
    accent: readableAccent(theme, bg),
    icon: (contrastRatio(icon, theme) ?? 0) >= NON_TEXT ? icon : onTheme,
    danger: readableAccent('#b91c1c', bg),
    success: readableAccent('#15803d', bg),
  };
}

/** The palette as the stylesheet's custom properties. */
export const paletteVars = (p: Palette): Record<string, string> => ({
  '--pw-theme': p.theme,
  '--pw-title': p.onTheme,
  '--pw-text': p.text,
  '--pw-bg': p.bg,
  '--pw-muted': p.muted,
  '--pw-help': p.help,
  '--pw-accent': p.accent,
  '--pw-icon': p.icon,
  '--pw-danger': p.danger,
  '--pw-success': p.success,
});
