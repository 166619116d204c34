import { canShowMonth, emailFromAnswers, firstStep, monthGrid, nextMonth, progressPercent } from './booking';
import type { CustomerQuestion } from './types';

describe('booking flow rules', () => {
  it('skips the questions when all are answered or there are none', () => {
    expect(firstStep([])).toBe(2);
    expect(firstStep([{ id: 'q', question: 'q?', answered: true, answer: 'a' }])).toBe(2);
    expect(firstStep([{ id: 'q', question: 'q?', answered: false, answer: null }])).toBe(1);
  });

  it('shows progress per step', () => {
    expect([1, 2, 3].map((s) => progressPercent(s as 1 | 2 | 3))).toEqual([33, 67, 100]);
  });

  it('lays out a month Sunday-first and disables past and too-far days', () => {
    const today = new Date(2026, 10, 22); // Sunday 22 Nov 2026
    const rows = monthGrid(new Date(2026, 10, 1), today);
    expect(rows[0]![0]).toMatchObject({ date: '2026-11-01', day: 1 }); // 1 Nov 2026 is a Sunday
    const days = rows.flat().filter((c) => c !== null);
    expect(days).toHaveLength(30);
    expect(days.find((d) => d.day === 21)?.disabled).toBe(true);
    expect(days.find((d) => d.day === 22)?.disabled).toBe(false);
    const feb = monthGrid(new Date(2027, 1, 1), today)
      .flat()
      .filter((c) => c !== null);
    expect(feb.find((d) => d.date === '2027-02-20')?.disabled).toBe(false); // 90 days ahead
    expect(feb.find((d) => d.date === '2027-02-21')?.disabled).toBe(true);
  });

  it('counts days on the calendar across a daylight-saving change (run under TZ=Europe/Berlin too)', () => {
    // From late January to the last bookable day, 90 days on, past the end of March's short day.
    const today = new Date(2027, 0, 27, 23, 30);
    const april = monthGrid(new Date(2027, 3, 1), today)
      .flat()
      .filter((c) => c !== null);
    expect(april).toHaveLength(30);
    expect(april.find((d) => d.date === '2027-04-27')?.disabled).toBe(false); // 90 days ahead
    expect(april.find((d) => d.date === '2027-04-28')?.disabled).toBe(true);
    expect(nextMonth(new Date(2027, 2, 31, 23, 0), 1)).toEqual(new Date(2027, 3, 1));
  });

  it('pages months from this one to the last bookable one', () => {
    const today = new Date(2026, 10, 22);
    expect(canShowMonth(nextMonth(today, -1), today)).toBe(false);
    expect(canShowMonth(nextMonth(today, 3), today)).toBe(true);
    expect(canShowMonth(nextMonth(today, 4), today)).toBe(false);
  });

  describe('the email the visitor already gave in the Details step', () => {
    const q = (question: string, answer: string | null): CustomerQuestion => ({
      id: question,
      question,
      answered: answer !== null,
      answer,
    });

    it('is the answer to the question asking for it', () => {
      expect(
        emailFromAnswers([q('What are you looking for?', 'Mugs'), q('Your email?', ' Vera@Example.com ')]),
      ).toBe('Vera@Example.com');
      expect(emailFromAnswers([q('E-mail address', "It's vera@example.com, thanks")])).toBe(
        'vera@example.com',
      );
      expect(emailFromAnswers([q('Votre courriel', 'vera@example.fr')])).toBe('vera@example.fr');
    });

    it('prefers that question over an address given elsewhere, and takes any address otherwise', () => {
      expect(
        emailFromAnswers([q('Who referred you?', 'friend@example.com'), q('Email', 'me@example.com')]),
      ).toBe('me@example.com');
      expect(emailFromAnswers([q('How can we reach you?', 'me@example.com')])).toBe('me@example.com');
    });

    it('is none when no answer holds an address', () => {
      expect(emailFromAnswers([])).toBeNull();
      expect(emailFromAnswers([q('Your email?', null), q('Your email again?', 'not an address')])).toBeNull();
      expect(emailFromAnswers([q('Name', 'Vera @ home')])).toBeNull();
    });
  });
});
