import { RequestIds } from './request-ids';

const of = (...ids: string[]) => ids.reduce((set, id) => set.with(id), RequestIds.empty);

describe('request ids', () => {
  it('holds what was added, once', () => {
    const ids = of('r1', 'r2', 'r1');
    expect(ids.size).toBe(2);
    expect(ids.has('r1') && ids.has('r2')).toBe(true);
    expect(ids.has('r3')).toBe(false);
    expect(ids.with('r2')).toBe(ids);
  });

  it('leaves every earlier value as it was (they share storage)', () => {
    const one = of('r1');
    const two = one.with('r2');
    expect(one.has('r2')).toBe(false);
    expect(one.size).toBe(1);
    expect(two.has('r1')).toBe(true);
    expect(RequestIds.empty.has('r1')).toBe(false);
  });

  it('keeps two values grown from the same one apart', () => {
    const base = of('r1');
    const left = base.with('a');
    const right = base.with('b');
    expect([left.has('a'), left.has('b')]).toEqual([true, false]);
    expect([right.has('a'), right.has('b')]).toEqual([false, true]);
    expect(left.with('c').has('b')).toBe(false);
    expect(right.with('a').has('a')).toBe(true);
    expect(base.has('a') || base.has('b')).toBe(false);
  });

  it('starts every fold from an empty set (the shared initial value never fills up)', () => {
    of('r1', 'r2');
    expect(of('r3').has('r1')).toBe(false);
    expect(RequestIds.empty.size).toBe(0);
  });
});
