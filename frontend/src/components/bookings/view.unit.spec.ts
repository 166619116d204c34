import {
  bookingsPath,
  DEFAULT_VIEW,
  isPast,
  queryOfView,
  viewFromQuery,
  whenLabel,
  withFilter,
} from './view';

const q = (s: string) => new URLSearchParams(s);

describe('the bookings page’s view', () => {
  it('reads a URL’s query, keeping the defaults for anything unknown or out of range', () => {
    expect(viewFromQuery(q(''))).toEqual(DEFAULT_VIEW);
    expect(viewFromQuery(q('domainId=d1&when=upcoming&sort=date_asc&page=3&pageSize=50'))).toEqual({
      domainId: 'd1',
      when: 'upcoming',
      sort: 'date_asc',
      page: 3,
      pageSize: 50,
    });
    expect(viewFromQuery(q('when=soon&sort=name&page=0&pageSize=7'))).toEqual(DEFAULT_VIEW);
    expect(viewFromQuery(q('page=1001')).page).toBe(1);
    expect(viewFromQuery(q('page=2.5')).page).toBe(1);
    expect(viewFromQuery(q(`domainId=${'x'.repeat(201)}`)).domainId).toBe('');
  });

  it('writes only what differs from the defaults into the page’s URL, and everything into the API’s', () => {
    expect(queryOfView(DEFAULT_VIEW)).toBe('');
    const view = { ...DEFAULT_VIEW, domainId: 'a b', when: 'past' as const, page: 2 };
    expect(queryOfView(view)).toBe('?domainId=a+b&when=past&page=2');
    expect(viewFromQuery(q(queryOfView(view).slice(1)))).toEqual(view);
    expect(bookingsPath(view)).toBe('/bookings?sort=date_desc&when=past&page=2&pageSize=20&domainId=a+b');
    expect(bookingsPath(DEFAULT_VIEW)).toBe('/bookings?sort=date_desc&when=all&page=1&pageSize=20');
  });

  it('goes back to the first page when a filter or the order changes', () => {
    expect(withFilter({ ...DEFAULT_VIEW, page: 4 }, { sort: 'booked_desc' })).toEqual({
      ...DEFAULT_VIEW,
      sort: 'booked_desc',
    });
  });

  it('says the date and time as people read them, and what is past in the browser’s calendar', () => {
    expect(whenLabel({ date: '2030-01-05', slot: '10:00am' })).toBe('Sat, Jan 5, 2030 · 10:00am');
    const now = new Date(2030, 0, 5, 23, 59);
    expect(isPast('2030-01-04', now)).toBe(true);
    expect(isPast('2030-01-05', now)).toBe(false);
  });
});
