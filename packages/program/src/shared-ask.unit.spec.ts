import { sharedAsk, sharedAskPerKey } from './shared-ask';

/** A question whose answers the test gives by hand, in order. */
function manual() {
  const pending: { answer: (v: number) => void; fail: (e: Error) => void }[] = [];
  let asked = 0;
  const ask = () =>
    new Promise<number>((answer, fail) => {
      asked++;
      pending.push({ answer, fail });
    });
  return { ask, pending, asked: () => asked };
}

const turn = () => new Promise((r) => setImmediate(r));

describe('sharedAsk', () => {
  it('asks at once when nothing is on its way', async () => {
    const q = manual();
    const shared = sharedAsk(q.ask);
    const a = shared();
    expect(q.asked()).toBe(1);
    q.pending[0]!.answer(7);
    expect(await a).toBe(7);
    const b = shared();
    expect(q.asked()).toBe(2);
    q.pending[1]!.answer(8);
    expect(await b).toBe(8);
  });

  it('never hands a caller an answer to a question sent before it came', async () => {
    const q = manual();
    const shared = sharedAsk(q.ask);
    const first = shared(); // sent at once
    const later = [shared(), shared(), shared()]; // came while it was on its way: wait for the next
    expect(q.asked()).toBe(1);
    q.pending[0]!.answer(1); // the log's last sequence when the first asked
    expect(await first).toBe(1);
    await turn();
    expect(q.asked()).toBe(2); // one question for the three that waited
    q.pending[1]!.answer(2);
    expect(await Promise.all(later)).toEqual([2, 2, 2]);
  });

  it('a caller that comes while the next question waits joins it; one after it is sent waits again', async () => {
    const q = manual();
    const shared = sharedAsk(q.ask);
    void shared();
    const second = shared();
    q.pending[0]!.answer(1);
    await turn();
    const third = shared(); // the second question is on its way: not for this one
    expect(q.asked()).toBe(2);
    q.pending[1]!.answer(2);
    expect(await second).toBe(2);
    await turn();
    expect(q.asked()).toBe(3);
    q.pending[2]!.answer(3);
    expect(await third).toBe(3);
  });

  it('a failed question fails its own callers only; the waiting ones are asked for anew', async () => {
    const q = manual();
    const shared = sharedAsk(q.ask);
    const first = shared();
    const waiting = shared();
    q.pending[0]!.fail(new Error('no answer'));
    await expect(first).rejects.toThrow('no answer');
    await turn();
    q.pending[1]!.answer(5);
    expect(await waiting).toBe(5);
  });
});

describe('sharedAskPerKey', () => {
  it('shares per key: another key is asked at once, and with its own question', async () => {
    const a = manual();
    const b = manual();
    const shared = sharedAskPerKey<number>();
    const first = shared('a', a.ask);
    const other = shared('b', b.ask);
    const later = shared('a', b.ask); // joins a's next question, sent with this caller's ask
    expect([a.asked(), b.asked()]).toEqual([1, 1]);
    b.pending[0]!.answer(20);
    expect(await other).toBe(20);
    a.pending[0]!.answer(1);
    expect(await first).toBe(1);
    await turn();
    expect([a.asked(), b.asked()]).toEqual([1, 2]);
    b.pending[1]!.answer(2);
    expect(await later).toBe(2);
    // Idle again: the next caller of either key is asked at once.
    const again = shared('a', a.ask);
    expect(a.asked()).toBe(2);
    a.pending[1]!.answer(3);
    expect(await again).toBe(3);
  });
});
