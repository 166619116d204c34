import { AppError } from '@parley/contracts';
import { decodeCursor, encodeCursor, pageOf } from './pagination';

const items = [
  { id: 'c', at: '2030-01-02' },
  { id: 'a', at: '2030-01-01' },
  { id: 'b', at: '2030-01-01' },
  { id: 'd', at: '2030-01-03' },
];
const key = (i: { id: string; at: string }) => ({ k: i.at, id: i.id });

describe('cursor pagination', () => {
  it('walks every item once, in order, and ends with a null cursor', () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    for (;;) {
      const page = pageOf(items, key, { cursor, limit: 3 });
      seen.push(...page.data.map((i) => i.id));
      if (!page.nextCursor) break;
      cursor = page.nextCursor;
    }
    expect(seen).toEqual(['a', 'b', 'c', 'd']);
  });
  it('orders newest first when asked', () => {
    expect(pageOf(items, key, { limit: 2, descending: true }).data.map((i) => i.id)).toEqual(['d', 'c']);
  });
  it('neither repeats nor skips when an earlier item disappears between pages', () => {
    const first = pageOf(items, key, { limit: 2 });
    const second = pageOf(
      items.filter((i) => i.id !== 'a'),
      key,
      { limit: 2, cursor: first.nextCursor! },
    );
    expect(second.data.map((i) => i.id)).toEqual(['c', 'd']);
  });
  it('refuses a cursor it did not make', () => {
    expect(() => decodeCursor('not-a-cursor')).toThrow(AppError);
    expect(() => decodeCursor(Buffer.from('{"k":1}').toString('base64url'))).toThrow('Invalid cursor');
    expect(decodeCursor(encodeCursor({ k: 'x', id: 'y' }))).toEqual({ k: 'x', id: 'y' });
  });
});
