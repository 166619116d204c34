import { AA_TEXT, contrastRatio, readableTextOn } from '@parley/chat-display';

export interface ColourValues {
  background?: string | null;
  textColor?: string | null;
  themeColor?: string | null;
  helpDeskColor?: string | null;
  titleColor?: string | null;
}

/** The pairs of the widget's colours that are read as text on one another. */
const PAIRS: Array<{ text: keyof ColourValues; on: keyof ColourValues; what: string }> = [
  { text: 'titleColor', on: 'themeColor', what: 'Title colour on the theme colour' },
  { text: 'textColor', on: 'background', what: 'Text colour on the background' },
  { text: 'helpDeskColor', on: 'background', what: 'Help desk colour on the background' },
];

export interface ContrastWarning {
  what: string;
  ratio: number;
  /** What the widget shows instead, so visitors can still read it. */
  instead: string;
}

const ratioText = (r: number) => `${(Math.floor(r * 100) / 100).toFixed(2)}:1`;

/**
 * Each chosen pair below WCAG AA's 4.5:1, with what the widget does about it (it never shows an
 * unreadable pair: it takes black or white text on the theme colour and the background, and shades
 * the help desk colour until it reads).
 */
export function contrastWarnings(values: ColourValues): ContrastWarning[] {
  return PAIRS.flatMap(({ text, on, what }) => {
    const fg = values[text];
    const bg = values[on];
    if (!fg || !bg) return [];
    const ratio = contrastRatio(fg, bg);
    if (ratio === null || ratio >= AA_TEXT) return [];
    const instead =
      text === 'helpDeskColor'
        ? 'a darker or lighter shade of it'
        : readableTextOn(bg, fg) === '#000000'
          ? 'black text'
          : 'white text';
    return [{ what, ratio, instead }];
  });
}

export const warningLine = (w: ContrastWarning) =>
  `${w.what}: ${ratioText(w.ratio)}, under the 4.5:1 that WCAG AA asks for text. The widget shows ${w.instead} instead.`;
