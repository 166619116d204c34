import { checkoutWatcher } from './checkout';

const reply = (id: string, checkoutProductId: string | null = null) => ({ id, checkoutProductId });

describe('checkoutWatcher', () => {
  it('opens nothing for the history it loaded, then each new purchase reply once', () => {
    const watch = checkoutWatcher();
    expect(watch.next([reply('m1', 'p-old'), reply('m2')])).toBeNull();
    expect(watch.next([reply('m1', 'p-old'), reply('m2'), reply('m3')])).toBeNull();
    const now = [reply('m1', 'p-old'), reply('m2'), reply('m3'), reply('m4', 'p-mug')];
    expect(watch.next(now)).toBe('p-mug');
    // The same list again (a re-render, a history reload): already opened once.
    expect(watch.next(now)).toBeNull();
    expect(watch.next([...now, reply('m5', 'p-cup'), reply('m6', 'p-tea')])).toBe('p-tea');
  });

  it('opens a reply that came before the first history load was taken in only when it is new', () => {
    const watch = checkoutWatcher();
    expect(watch.next([])).toBeNull();
    expect(watch.next([reply('m1', 'p-mug')])).toBe('p-mug');
  });
});
