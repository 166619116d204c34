import { contrastRatio } from './contrast';
import { widgetPalette, type PaletteSettings } from './palette';

const settings = (over: Partial<PaletteSettings> = {}): PaletteSettings =>
  ({
    background: '#ffffff',
    textColor: '#111827',
    iconColor: '#ffffff',
    themeColor: '#6366f1',
    helpDeskColor: '#6366f1',
    titleColor: '#ffffff',
    ...over,
  }) as PaletteSettings;

const pairs = (p: ReturnType<typeof widgetPalette>) => [
  [p.onTheme, p.theme],
  [p.text, p.bg],
  [p.muted, p.bg],
  [p.help, p.bg],
  [p.accent, p.bg],
  [p.danger, p.bg],
  [p.success, p.bg],
];

describe('the widget palette', () => {
  it('passes AA for the defaults and for awkward owner choices, light and dark', () => {
    const choices: Array<Partial<PaletteSettings>> = [
      {},
      { themeColor: '#fde047', titleColor: '#ffffff', helpDeskColor: '#fde047' },
      { themeColor: '#0f766e' },
      { background: '#1f2937', textColor: '#374151' },
      { themeColor: 'not a colour', background: '' },
    ];
    for (const choice of choices)
      for (const scheme of ['light', 'dark'] as const)
        for (const [fg, bg] of pairs(widgetPalette(settings(choice), scheme)))
          expect({ choice, scheme, fg, bg, ratio: contrastRatio(fg!, bg!)! >= 4.5 }).toMatchObject({
            ratio: true,
          });
  });

  it("keeps the owner's title colour where it reads, and the theme colour itself", () => {
    const p = widgetPalette(settings({ themeColor: '#0f766e', titleColor: '#ffffff' }), 'light');
    expect(p).toMatchObject({ theme: '#0f766e', onTheme: '#ffffff', bg: '#ffffff' });
  });

  it('turns a light panel dark for a visitor in dark mode, but keeps a dark one', () => {
    expect(widgetPalette(settings(), 'dark')).toMatchObject({ scheme: 'dark', bg: '#111827' });
    expect(widgetPalette(settings({ background: '#000000', textColor: '#ffffff' }), 'dark')).toMatchObject({
      bg: '#000000',
      text: '#ffffff',
    });
    expect(widgetPalette(settings(), 'light')).toMatchObject({ scheme: 'light', bg: '#ffffff' });
  });

  it('gives the launcher icon 3:1 on the theme colour', () => {
    const p = widgetPalette(settings({ themeColor: '#fde047', iconColor: '#ffffff' }), 'light');
    expect(contrastRatio(p.icon, p.theme)).toBeGreaterThanOrEqual(3);
  });
});
