import type { CaughtMessage } from './message';
import { MessageStore } from './store';

const message = (id: string, to: string[]): CaughtMessage => ({
  id,
  from: 'Parley <no-reply@parley.local>',
  to,
  subject: `subject ${id}`,
  text: 'text',
  html: null,
  listUnsubscribe: null,
  listUnsubscribePost: null,
  receivedAt: new Date().toISOString(),
});

describe('MessageStore', () => {
  it('lists newest first', () => {
    const store = new MessageStore(10);
    store.add(message('1', ['a@example.com']));
    store.add(message('2', ['b@example.com']));
    expect(store.list().map((m) => m.id)).toEqual(['2', '1']);
  });

  it('keeps only the last `capacity` messages', () => {
    const store = new MessageStore(3);
    for (const id of ['1', '2', '3', '4', '5']) store.add(message(id, ['a@example.com']));
    expect(store.list().map((m) => m.id)).toEqual(['5', '4', '3']);
    expect(store.get('1')).toBeUndefined();
    expect(store.size).toBe(3);
  });

  it('filters by recipient, ignoring case and surrounding spaces', () => {
    const store = new MessageStore(10);
    store.add(message('1', ['ann@example.com']));
    store.add(message('2', ['bob@example.com', 'ann@example.com']));
    store.add(message('3', ['bob@example.com']));
    expect(store.list({ to: ' Ann@Example.com ' }).map((m) => m.id)).toEqual(['2', '1']);
    expect(store.list({ to: 'nobody@example.com' })).toEqual([]);
    expect(store.list({ to: '' })).toHaveLength(3);
  });

  it('clears and reports how many were dropped', () => {
    const store = new MessageStore(10);
    store.add(message('1', ['a@example.com']));
    expect(store.clear()).toBe(1);
    expect(store.list()).toEqual([]);
  });

  it('refuses a capacity below one', () => {
    expect(() => new MessageStore(0)).toThrow('capacity');
  });
});
