import { coalescer, type ItemOutcome } from './coalescer';

/** A send that records each batch and answers each item by `answer`. */
function recordingSend(answer: (item: number) => ItemOutcome<string> = (n) => ({ ok: `posted ${n}` })) {
  const batches: number[][] = [];
  const send = async (items: number[]) => {
    batches.push(items);
    return items.map(answer);
  };
  return { batches, send };
}

describe('coalescer', () => {
  it('sends the items of one turn as one batch, in their order, each caller getting its own answer', async () => {
    const { batches, send } = recordingSend();
    const post = coalescer(send, { maxItems: 64, windowMs: 0 });
    const answers = await Promise.all([1, 2, 3, 4].map(post));
    expect(batches).toEqual([[1, 2, 3, 4]]);
    expect(answers).toEqual(['posted 1', 'posted 2', 'posted 3', 'posted 4']);
  });

  it('does not hold a lone item beyond its turn, and the next turn starts a new batch', async () => {
    const { batches, send } = recordingSend();
    const post = coalescer(send, { maxItems: 64, windowMs: 0 });
    const started = process.hrtime.bigint();
    expect(await post(1)).toBe('posted 1');
    expect(Number(process.hrtime.bigint() - started) / 1e6).toBeLessThan(50);
    expect(await post(2)).toBe('posted 2');
    expect(batches).toEqual([[1], [2]]);
  });

  it('never sends more than maxItems in one batch, keeping the order across batches', async () => {
    const { batches, send } = recordingSend();
    const post = coalescer(send, { maxItems: 3, windowMs: 0 });
    await Promise.all([1, 2, 3, 4, 5, 6, 7].map(post));
    expect(batches).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
  });

  it('fails an item with its own error and answers the others', async () => {
    const refused = new Error('Empty message');
    const { send } = recordingSend((n) => (n === 2 ? { error: refused } : { ok: `posted ${n}` }));
    const post = coalescer(send, { maxItems: 64, windowMs: 0 });
    const settled = await Promise.allSettled([1, 2, 3].map(post));
    expect(settled).toEqual([
      { status: 'fulfilled', value: 'posted 1' },
      { status: 'rejected', reason: refused },
      { status: 'fulfilled', value: 'posted 3' },
    ]);
  });

  it('fails every item of a batch whose call failed, and the next batch goes on', async () => {
    const down = new Error('unavailable');
    let calls = 0;
    const post = coalescer<number, string>(
      async (items) => {
        calls += 1;
        if (calls === 1) throw down;
        return items.map((n) => ({ ok: `posted ${n}` }));
      },
      { maxItems: 64, windowMs: 0 },
    );
    const settled = await Promise.allSettled([1, 2].map(post));
    expect(settled).toEqual([
      { status: 'rejected', reason: down },
      { status: 'rejected', reason: down },
    ]);
    expect(await post(3)).toBe('posted 3');
  });

  it('fails the items a batch answered no result for', async () => {
    const post = coalescer<number, string>(async () => [{ ok: 'only one' }], { maxItems: 64, windowMs: 0 });
    const settled = await Promise.allSettled([1, 2].map(post));
    expect(settled[0]).toEqual({ status: 'fulfilled', value: 'only one' });
    expect(settled[1]).toMatchObject({
      status: 'rejected',
      reason: { message: 'batch answered 1 of 2 items' },
    });
  });

  it('with a window, gathers items of later turns within it', async () => {
    const { batches, send } = recordingSend();
    const post = coalescer(send, { maxItems: 64, windowMs: 2 });
    const first = post(1);
    await new Promise((resolve) => setImmediate(resolve));
    const second = post(2);
    await Promise.all([first, second]);
    expect(batches).toEqual([[1, 2]]);
  });
});
