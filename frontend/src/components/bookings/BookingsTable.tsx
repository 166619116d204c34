'use client';

import { Table, type TableProps } from 'antd';
import { useMemo } from 'react';
import type { Booking, BookingPage } from './api';
import { BookedCell, ConversationCell, EmailLink, WhenCell } from './cells';
import { PAGE_SIZES, withFilter, type BookingsView } from './view';
import styles from './Bookings.module.css';

/**
 * Wide screens: one row per booking; the date and booked columns sort on the server. When it was
 * booked shows on the widest screens only (the cards and the order say it otherwise).
 */
export function BookingsTable({
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
  const columns: TableProps<Booking>['columns'] = [
    {
      title: 'Date and time',
      key: 'date',
      sorter: true,
      sortDirections: ['descend', 'ascend'],
      sortOrder: view.sort === 'date_desc' ? 'descend' : view.sort === 'date_asc' ? 'ascend' : null,
      render: (_, b) => <WhenCell booking={b} now={now} />,
    },
    {
      title: 'Name',
      width: 170,
      dataIndex: 'name',
      key: 'name',
      render: (name: string) => <span className={styles.name}>{name}</span>,
    },
    {
      title: 'Email',
      width: 240,
      dataIndex: 'email',
      key: 'email',
      render: (email: string) => <EmailLink email={email} />,
    },
    { title: 'Appointment', dataIndex: 'appointmentName', key: 'appointment' },
    ...(showDomain
      ? [{ title: 'Domain', dataIndex: 'domain', key: 'domain', responsive: ['lg' as const] }]
      : []),
    { title: 'Conversation', key: 'conversation', render: (_, b) => <ConversationCell booking={b} /> },
    {
      title: 'Booked',
      key: 'booked',
      sorter: true,
      sortDirections: ['descend'],
      sortOrder: view.sort === 'booked_desc' ? 'descend' : null,
      responsive: ['xxl'],
      render: (_, b) => <BookedCell createdAt={b.createdAt} />,
    },
  ];
  return (
    <Table<Booking>
      className={styles.table}
      rowKey="id"
      columns={columns}
      dataSource={page.data}
      loading={loading}
      onRow={(b) =>
        ({ 'data-testid': 'booking-row', 'data-booking-id': b.id }) as React.HTMLAttributes<HTMLElement>
      }
      pagination={{
        current: page.page,
        pageSize: page.pageSize,
        total: page.total,
        showSizeChanger: true,
        pageSizeOptions: PAGE_SIZES.map(String),
        showTotal: (total, [from, to]) => `${from}-${to} of ${total} bookings`,
      }}
      onChange={(pagination, _filters, sorter, extra) => {
        if (extra.action === 'sort') {
          const s = Array.isArray(sorter) ? sorter[0] : sorter;
          const sort =
            s?.columnKey === 'booked' ? 'booked_desc' : s?.order === 'ascend' ? 'date_asc' : 'date_desc';
          onView(withFilter(view, { sort }));
          return;
        }
        const pageSize = pagination.pageSize ?? view.pageSize;
        onView(
          pageSize !== view.pageSize
            ? withFilter(view, { pageSize })
            : { ...view, page: pagination.current ?? view.page },
        );
      }}
      data-testid="bookings-table"
    />
  );
}
