'use client';

import { Pagination, Spin } from 'antd';
import { useMemo } from 'react';
import type { BookingPage } from './api';
import { BookedCell, ConversationCell, EmailLink, WhenCell } from './cells';
import type { BookingsView } from './view';
import styles from './Bookings.module.css';

/** Phones: one card per booking, the same facts as the table's row, then the pages. */
export function BookingCards({
  page,
  view,
  loading,
  showDomain,
  onView,
}: {
  page: BookingPage;
  view: BookingsView;
  loading: boolean;
  /** Off while one domain is chosen, or the account has only one. */
  showDomain: boolean;
  onView(next: BookingsView): void;
}) {
  const now = useMemo(() => new Date(), []);
  return (
    <Spin spinning={loading}>
      <ul className={styles.cards} data-testid="bookings-cards">
        {page.data.map((b) => (
          <li key={b.id} className={styles.cardItem} data-testid="booking-row" data-booking-id={b.id}>
            <div className={styles.cardTop}>
              <WhenCell booking={b} now={now} />
              <span className={styles.appointment}>{b.appointmentName}</span>
            </div>
            <div className={styles.who}>
              <span className={styles.name}>{b.name}</span>
              <EmailLink email={b.email} />
            </div>
            <div className={styles.cardBottom}>
              {showDomain && <span className={styles.muted}>{b.domain}</span>}
              <ConversationCell booking={b} />
              <BookedCell createdAt={b.createdAt} />
            </div>
          </li>
        ))}
      </ul>
      {page.total > page.pageSize && (
        <Pagination
          className={styles.pagination}
          simple
          current={page.page}
          pageSize={page.pageSize}
          total={page.total}
          onChange={(p) => onView({ ...view, page: p })}
          data-testid="bookings-pagination"
        />
      )}
    </Spin>
  );
}
