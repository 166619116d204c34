import { addOptimistic, dropOptimistic, isPending, upsertMessage } from './optimistic';

const m = (id: string, clientId: string | null, content = id) => ({ id, clientId, content });

describe('optimistic sending', () => {
  const history = [m('a', null), m('b', 'cb')];

  it('adds a temporary message and replaces it with the server message by clientId', () => {
    const pending = addOptimistic(history, m('temp-c1', 'c1', 'hi'));
    expect(pending.map((x) => x.id)).toEqual(['a', 'b', 'temp-c1']);
    expect(isPending(pending[2]!)).toBe(true);
    const confirmed = upsertMessage(pending, m('srv-1', 'c1', 'hi'));
    expect(confirmed.map((x) => x.id)).toEqual(['a', 'b', 'srv-1']);
  });

  it('removes the temporary message on failure, never a confirmed one', () => {
    const pending = addOptimistic(history, m('temp-c1', 'c1'));
    expect(dropOptimistic(pending, 'c1').map((x) => x.id)).toEqual(['a', 'b']);
    expect(dropOptimistic(history, 'cb')).toEqual(history);
  });

  it('does not duplicate a message that arrived over the socket before the response', () => {
    const pending = addOptimistic(history, m('temp-c1', 'c1'));
    const viaSocket = upsertMessage(pending, m('srv-1', 'c1'));
    const viaResponse = upsertMessage(viaSocket, m('srv-1', 'c1'));
    expect(viaResponse.map((x) => x.id)).toEqual(['a', 'b', 'srv-1']);
  });

  it('appends messages from others and replaces a repeated one by id', () => {
    const next = upsertMessage(history, m('c', null));
    expect(next.map((x) => x.id)).toEqual(['a', 'b', 'c']);
    expect(upsertMessage(next, m('c', null, 'edited'))[2]!.content).toBe('edited');
  });
});
