import { firstLetterOf, initialsOf } from './initials';

describe('initials', () => {
  it('takes the first letter of the first and last words', () => {
    expect(initialsOf('Jane Cooper')).toBe('JC');
    expect(initialsOf('  jane   van der cooper ')).toBe('JC');
    expect(initialsOf('Jane')).toBe('J');
  });

  it('never cuts an emoji or a letter written as two code points in half', () => {
    // The seen defect: the emoji's first half as the second initial.
    expect(initialsOf("Zoë O'Brien-Łukasz 🙂")).toBe('ZO');
    expect(initialsOf('🙂 Zoë')).toBe('Z');
    expect(initialsOf('Ze\u0301lie E\u0301mond')).toBe('ZÉ');
    expect(initialsOf('Łukasz Żak')).toBe('ŁŻ');
    for (const s of ['🙂🙃 👍🏽', 'a 🙂', '𝒜lice 𝒝ob'])
      expect(initialsOf(s)).not.toMatch(/[\uD800-\uDFFF](?![\uDC00-\uDFFF])/u);
  });

  it('reads scripts without capitals and digits, and says "?" when nothing is a letter', () => {
    expect(initialsOf('山田 太郎')).toBe('山太');
    expect(initialsOf('3M Support')).toBe('3S');
    expect(initialsOf('🙂 👍')).toBe('?');
    expect(initialsOf('')).toBe('?');
    expect(initialsOf('--- ...')).toBe('?');
  });

  it("uses an e-mail address's local part", () => {
    expect(initialsOf('jane.doe@example.com')).toBe('JD');
    expect(initialsOf('support@example.com')).toBe('S');
  });

  it('gives one letter for a logo', () => {
    expect(firstLetterOf('🙂 Mug Masters')).toBe('M');
    expect(firstLetterOf('élan')).toBe('É');
    expect(firstLetterOf('🙂')).toBe('?');
  });
});

describe('initials without Intl.Segmenter (Firefox before 125)', () => {
  const { Segmenter } = Intl;
  beforeAll(() => {
    jest.resetModules();
    (Intl as { Segmenter?: unknown }).Segmenter = undefined;
  });
  afterAll(() => {
    (Intl as { Segmenter?: unknown }).Segmenter = Segmenter;
  });

  it('still takes whole letters', async () => {
    const fresh = await import('./initials');
    expect(fresh.initialsOf("Zoë O'Brien 🙂")).toBe('ZO');
    expect(fresh.initialsOf('Ze\u0301lie E\u0301mond')).toBe('ZÉ');
    expect(fresh.firstLetterOf('🙂')).toBe('?');
  });
});
