import { nextTurn } from './next-turn';

describe('nextTurn', () => {
  it('resolves every caller of a turn together, after the turn, and a later caller on the next one', async () => {
    const order: string[] = [];
    const a = nextTurn().then(() => order.push('a'));
    const b = nextTurn().then(() => order.push('b'));
    expect(nextTurn()).toBe(nextTurn());
    await Promise.resolve();
    order.push('same turn');
    await Promise.all([a, b]);
    expect(order).toEqual(['same turn', 'a', 'b']);
    const first = nextTurn();
    await first;
    expect(nextTurn()).not.toBe(first);
  });
});
