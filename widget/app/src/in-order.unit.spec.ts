import { inArrivalOrder } from './in-order';

describe('callbacks held until a moment, in the order they came', () => {
  beforeEach(() => jest.useFakeTimers({ now: 1_000 }));
  afterEach(() => jest.useRealTimers());

  it('runs a later callback after an earlier one, even when its moment is a little sooner', () => {
    const order = inArrivalOrder();
    const ran: string[] = [];
    // Two replies held until the typing indicator has been up 400 ms; the second one's moment,
    // worked out a millisecond later on a coarser clock, came out a millisecond sooner.
    order.runAt(1_400, () => ran.push('thanks'));
    order.runAt(1_399, () => ran.push('question'));
    jest.advanceTimersByTime(398);
    expect(ran).toEqual([]);
    jest.advanceTimersByTime(2);
    expect(ran).toEqual(['thanks', 'question']);
  });

  it('runs at once when the moment has passed and nothing waits, and waits for a later moment', () => {
    const order = inArrivalOrder();
    const ran: string[] = [];
    order.runAt(900, () => ran.push('now'));
    expect(ran).toEqual(['now']);
    order.runAt(1_200, () => ran.push('first'));
    order.runAt(1_500, () => ran.push('second'));
    jest.advanceTimersByTime(200);
    expect(ran).toEqual(['now', 'first']);
    jest.advanceTimersByTime(300);
    expect(ran).toEqual(['now', 'first', 'second']);
  });

  it('drops what has not run when cancelled', () => {
    const order = inArrivalOrder();
    const ran: string[] = [];
    order.runAt(1_100, () => ran.push('x'));
    order.cancel();
    jest.advanceTimersByTime(1_000);
    expect(ran).toEqual([]);
    order.runAt(900, () => ran.push('y'));
    expect(ran).toEqual(['y']);
  });
});
