import { coalescedAcks } from './coalesced-acks';

const turn = () => new Promise((r) => setImmediate(r));

describe('coalescedAcks', () => {
  it('acks what was added during a turn together at its end, in order', async () => {
    const acked: number[] = [];
    const msg = (n: number) => ({ ack: () => acked.push(n) });
    const acks = coalescedAcks();
    acks.add(msg(1));
    await Promise.resolve();
    acks.add(msg(2));
    await Promise.resolve().then(() => acks.add(msg(3)));
    expect(acked).toEqual([]);
    await turn();
    expect(acked).toEqual([1, 2, 3]);
    acks.add(msg(4));
    await turn();
    expect(acked).toEqual([1, 2, 3, 4]);
  });

  it('flush acks everything pending at once and leaves nothing for later', async () => {
    const acked: number[] = [];
    const acks = coalescedAcks();
    acks.add({ ack: () => acked.push(1) });
    acks.add({ ack: () => acked.push(2) });
    acks.flush();
    expect(acked).toEqual([1, 2]);
    await turn();
    expect(acked).toEqual([1, 2]);
  });
});
