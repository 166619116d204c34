import { contrastWarnings, warningLine } from './contrast-warnings';

describe('the colour settings contrast warnings', () => {
  it('warns about white on the default indigo (4.47:1) and says what the widget does', () => {
    const warnings = contrastWarnings({ themeColor: '#6366f1', titleColor: '#ffffff' });
    expect(warnings.map(warningLine)).toEqual([
      'Title colour on the theme colour: 4.46:1, under the 4.5:1 that WCAG AA asks for text. The widget shows black text instead.',
    ]);
  });

  it('says nothing about pairs that pass, or values that are not colours yet', () => {
    expect(
      contrastWarnings({
        themeColor: '#4f46e5',
        titleColor: '#ffffff',
        background: '#ffffff',
        textColor: '#111827',
        helpDeskColor: '#0f766e',
      }),
    ).toEqual([]);
    expect(contrastWarnings({ themeColor: '#4f4', titleColor: '#ff' })).toEqual([]);
  });

  it('checks the text and the help desk colour against the background', () => {
    const w = contrastWarnings({ background: '#ffffff', textColor: '#aaaaaa', helpDeskColor: '#fde047' });
    expect(w.map((x) => x.what)).toEqual([
      'Text colour on the background',
      'Help desk colour on the background',
    ]);
    expect(w[1]!.instead).toBe('a darker or lighter shade of it');
  });
});
