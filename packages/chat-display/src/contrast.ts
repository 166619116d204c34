/**
 * WCAG 2.1 contrast (success criterion 1.4.3): relative luminance of sRGB colours and the ratio
 * between two of them. The widget picks a readable text colour for an owner's theme colour with
 * it, and the dashboard warns when a chosen pair falls short.
 */

/** AA for normal text; large text (18pt, or 14pt bold) and UI components need 3:1. */
export const AA_TEXT = 4.5;
export const AA_LARGE = 3;

const DARK_TEXT = '#000000';
const LIGHT_TEXT = '#ffffff';

/** [r, g, b] in 0-255 of `#rgb` or `#rrggbb`, or null when it is not one. */
export function parseHex(value: string): [number, number, number] | null {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value.trim());
  if (!m) return null;
  const hex = m[1]!.length === 3 ? [...m[1]!].map((c) => c + c).join('') : m[1]!;
  return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
}

const channel = (c: number) => {
  const s = c / 255;
  return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
};

/** Relative luminance, 0 (black) to 1 (white); null for a value that is not a hex colour. */
export function luminance(value: string): number | null {
  const rgb = parseHex(value);
  if (!rgb) return null;
  const [r, g, b] = rgb.map(channel) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of two hex colours, 1 to 21 (null when either is not a hex colour). */
export function contrastRatio(a: string, b: string): number | null {
  const la = luminance(a);
  const lb = luminance(b);
  if (la === null || lb === null) return null;
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** Whether text of colour `text` on `background` passes AA (`large`: the 3:1 of large text). */
export function passesAA(text: string, background: string, large = false): boolean {
  const ratio = contrastRatio(text, background);
  return ratio !== null && ratio >= (large ? AA_LARGE : AA_TEXT);
}

/**
 * The text colour to put on `background`: the owner's `preferred` one when it passes AA there,
 * else black or white, whichever contrasts more (one of them always reaches 4.5:1).
 */
export function readableTextOn(background: string, preferred?: string | null): string {
  if (preferred && passesAA(preferred, background)) return preferred;
  const onDark = contrastRatio(LIGHT_TEXT, background) ?? 21;
  const onLight = contrastRatio(DARK_TEXT, background) ?? 21;
  return onDark >= onLight ? LIGHT_TEXT : DARK_TEXT;
}

const hex2 = (n: number) =>
  Math.round(Math.min(255, Math.max(0, n)))
    .toString(16)
    .padStart(2, '0');

/** `a` mixed with `b`, `weight` of `a` (0-1), as `#rrggbb`; `a` itself when either is not a colour. */
export function mix(a: string, b: string, weight: number): string {
  const ra = parseHex(a);
  const rb = parseHex(b);
  if (!ra || !rb) return a;
  return `#${ra.map((c, i) => hex2(c * weight + rb[i]! * (1 - weight))).join('')}`;
}

/**
 * `color` as the text colour on `background`: itself when it passes AA (or `minimum`), else
 * moved towards black or white (whichever the background is further from) just far enough, so
 * an owner's brand colour keeps its hue in links and accents on a light or a dark panel.
 */
export function readableAccent(color: string, background: string, minimum = AA_TEXT): string {
  const bg = luminance(background);
  if (bg === null || parseHex(color) === null) return color;
  const towards = bg > 0.18 ? DARK_TEXT : LIGHT_TEXT;
  for (let step = 0; step <= 20; step++) {
    const candidate = step === 0 ? color : mix(color, towards, 1 - step / 20);
    if ((contrastRatio(candidate, background) ?? 0) >= minimum) return candidate;
  }
  return towards;
}

/** A softer shade of `text` for secondary lines that still passes AA on `background`. */
export const mutedTextOn = (text: string, background: string): string =>
  readableAccent(mix(text, background, 0.72), background);
