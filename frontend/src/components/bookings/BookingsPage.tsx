'use client';

import { ReloadOutlined } from '@/components/icons';
import { BOOKING_PERIODS, BOOKING_SORTS, type BookingPeriod, type BookingSort } from '@parley/contracts';
import { Alert, Button, Card, Grid, Segmented, Select, Skeleton } from 'antd';
import { usePathname, useSearchParams } from 'next/navigation';
import { replaceQuery } from '@/lib/routing/replace-query';
import { useEffect, useMemo, useState } from 'react';
import { PageTitle } from '@/components/dashboard/PageTitle';
import { useSession } from '@/components/dashboard/SessionProvider';
import { listDomains, type Domain } from '@/lib/api/domains';
import { BookingCards } from './BookingCards';
import { BookingsEmpty } from './BookingsEmpty';
import { BookingsTable } from './BookingsTable';
import { useBookings } from './useBookings';
import {
  PERIOD_LABELS,
  queryOfView,
  SORT_LABELS,
  viewFromQuery,
  withFilter,
  type BookingsView,
} from './view';
import styles from './Bookings.module.css';

/**
 * Every appointment visitors booked in the widget (Home tab, Products tab or a chat), for the
 * account's managers; an agent sees those of the conversations shared with them. Filter by domain
 * and period, order, page; the view lives in the URL (?domainId=&when=&sort=&page=&pageSize=).
 * A table on wide screens, cards on phones.
 */
export function BookingsPage() {
  const { user } = useSession();
  const agent = user.role === 'AGENT';
  const pathname = usePathname();
  const search = useSearchParams();
  const view = useMemo(() => viewFromQuery(new URLSearchParams(search.toString())), [search]);
  const { load, reload } = useBookings(view);
  const wide = Grid.useBreakpoint().md ?? true;
  // Domains are the managers' to list; an agent's bookings name theirs.
  const [domains, setDomains] = useState<Domain[]>([]);
  useEffect(() => {
    if (agent) return;
    listDomains()
      .then((answer) => setDomains(answer.data))
      .catch(() => setDomains([]));
  }, [agent]);

  const go = (next: BookingsView) => replaceQuery(`${pathname}${queryOfView(next)}`);
  const page = load.kind === 'ready' ? load.page : load.last;
  const filtered = view.domainId !== '' || view.when !== 'all';
  // The domain says something only when there is more than one: the account's (managers), or
  // on the page (an agent does not list domains).
  const showDomain =
    !view.domainId && (agent ? new Set(page?.data.map((b) => b.domainId)).size > 1 : domains.length > 1);

  return (
    <div data-testid="bookings-page">
      <PageTitle
        title="Bookings"
        description={
          agent
            ? 'Meetings booked by the visitors of conversations shared with you.'
            : 'Every meeting your visitors booked in the widget — from the Home tab, the Products tab or a chat — with the conversation when they chatted.'
        }
        extra={
          <Button icon={<ReloadOutlined />} onClick={reload} loading={load.kind === 'loading' && !!page}>
            Refresh
          </Button>
        }
      />
      <Card className={styles.card}>
        <div className={styles.toolbar}>
          <Segmented<BookingPeriod>
            value={view.when}
            onChange={(when) => go(withFilter(view, { when }))}
            options={BOOKING_PERIODS.map((p) => ({ value: p, label: PERIOD_LABELS[p] }))}
            data-testid="bookings-period"
          />
          <div className={styles.selects}>
            {!agent && (
              <Select
                className={styles.domainSelect}
                value={view.domainId}
                onChange={(domainId: string) => go(withFilter(view, { domainId }))}
                options={[
                  { value: '', label: 'All domains' },
                  ...domains.map((d) => ({ value: d.id, label: d.domain })),
                  // A link may name a domain the list does not hold (yet): show its id rather than nothing.
                  ...(view.domainId && !domains.some((d) => d.id === view.domainId)
                    ? [{ value: view.domainId, label: 'This domain' }]
                    : []),
                ]}
                aria-label="Domain"
                data-testid="bookings-domain"
              />
            )}
            <Select<BookingSort>
              className={styles.sortSelect}
              value={view.sort}
              onChange={(sort) => go(withFilter(view, { sort }))}
              options={BOOKING_SORTS.map((s) => ({ value: s, label: SORT_LABELS[s] }))}
              aria-label="Order"
              data-testid="bookings-sort"
            />
          </div>
        </div>

        {load.kind === 'failed' && (
          <Alert
            className={styles.alert}
            type="error"
            showIcon
            title="The bookings could not be loaded"
            description={load.message}
            action={<Button onClick={reload}>Try again</Button>}
          />
        )}
        {!page && load.kind === 'loading' && <Skeleton active paragraph={{ rows: 6 }} />}
        {page && page.total === 0 && !(load.kind === 'loading') && (
          <BookingsEmpty
            agent={agent}
            filtered={filtered}
            onShowAll={() => go({ ...view, domainId: '', when: 'all', page: 1 })}
          />
        )}
        {page &&
          page.total > 0 &&
          (wide ? (
            <BookingsTable
              page={page}
              view={view}
              loading={load.kind === 'loading'}
              showDomain={showDomain}
              onView={go}
            />
          ) : (
            <BookingCards
              page={page}
              view={view}
              loading={load.kind === 'loading'}
              showDomain={showDomain}
              onView={go}
            />
          ))}
      </Card>
    </div>
  );
}
