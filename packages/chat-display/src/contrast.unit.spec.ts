import { contrastRatio, mix, mutedTextOn, passesAA, readableAccent, readableTextOn } from './contrast';

describe('contrast', () => {
  it('computes the WCAG ratio (white on black is 21:1, a colour on itself 1:1)', () => {
    expect(contrastRatio('#ffffff', '#000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#6366f1', '#6366f1')).toBeCloseTo(1, 5);
    // The finding: white on Parley's indigo is just under AA.
    expect(contrastRatio('#ffffff', '#6366f1')).toBeCloseTo(4.47, 2);
    expect(contrastRatio('#fff', 'indigo')).toBeNull();
  });

  it('passes AA at 4.5:1 for text, 3:1 for large text', () => {
    expect(passesAA('#ffffff', '#6366f1')).toBe(false);
    expect(passesAA('#ffffff', '#6366f1', true)).toBe(true);
    expect(passesAA('#ffffff', '#4f46e5')).toBe(true);
  });

  it("keeps the owner's text colour when it reads, else takes black or white", () => {
    expect(readableTextOn('#4f46e5', '#ffffff')).toBe('#ffffff');
    expect(readableTextOn('#6366f1', '#ffffff')).toBe('#000000');
    expect(readableTextOn('#fde047', '#ffffff')).toBe('#000000');
    expect(readableTextOn('#0f766e', '#0f766e')).toBe('#ffffff');
    for (const bg of ['#6366f1', '#777777', '#ff0000', '#00ff00', '#0000ff', '#888'])
      expect(contrastRatio(readableTextOn(bg, '#ffffff'), bg)).toBeGreaterThanOrEqual(4.5);
  });

  it('moves an accent just far enough to read, on light and dark panels', () => {
    expect(readableAccent('#4f46e5', '#ffffff')).toBe('#4f46e5');
    const onDark = readableAccent('#4f46e5', '#111827');
    expect(contrastRatio(onDark, '#111827')).toBeGreaterThanOrEqual(4.5);
    expect(onDark).not.toBe('#ffffff');
    const onLight = readableAccent('#a5b4fc', '#ffffff');
    expect(contrastRatio(onLight, '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });

  it('mixes colours and softens text without losing AA', () => {
    expect(mix('#000000', '#ffffff', 0.5)).toBe('#808080');
    for (const [text, bg] of [
      ['#111827', '#ffffff'],
      ['#e5e7eb', '#111827'],
      ['#ffffff', '#6366f1'],
    ] as const)
      expect(contrastRatio(mutedTextOn(text, bg), bg)).toBeGreaterThanOrEqual(4.5);
  });
});
