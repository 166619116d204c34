import { deltaThrottle } from './throttle';

describe('deltaThrottle', () => {
  it('sends at most one update per interval, a finished sentence at once, and the rest on flush', () => {
    let clock = 1_000;
    const sent: string[] = [];
    const throttle = deltaThrottle(
      (t) => sent.push(t),
      50,
      () => clock,
    );
    throttle.push('Our');
    clock += 10;
    throttle.push('Our mugs');
    clock += 10;
    throttle.push('Our mugs are');
    expect(sent).toEqual(['Our']);
    clock += 35;
    throttle.push('Our mugs are dish');
    expect(sent).toEqual(['Our', 'Our mugs are dish']);
    clock += 5;
    throttle.push('Our mugs are dishwasher safe.');
    expect(sent.at(-1)).toBe('Our mugs are dishwasher safe.');
    clock += 5;
    throttle.push('Our mugs are dishwasher safe. Any');
    expect(sent).toHaveLength(3);
    throttle.flush();
    throttle.flush();
    expect(sent).toEqual([
      'Our',
      'Our mugs are dish',
      'Our mugs are dishwasher safe.',
      'Our mugs are dishwasher safe. Any',
    ]);
  });
});
