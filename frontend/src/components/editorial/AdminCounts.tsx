'use client';

import { Alert, Button, Skeleton } from 'antd';
import Link from 'next/link';
import { useCallback, useEffect, useState } from 'react';
import { adminApi, type AdminOverviewCounts } from '@/lib/api/editorial';
import { errorSentence } from '@/lib/api/errors';
import { PATHS } from '@/lib/routing/paths';
import styles from './Editorial.module.css';

const number = new Intl.NumberFormat('en-US');
const monthName = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

type Load =
  { kind: 'loading' } | { kind: 'ready'; counts: AdminOverviewCounts } | { kind: 'failed'; message: string };

/** The Admin Overview's counts: the platform at a glance, this month's activity, applications waiting. */
export function AdminCounts() {
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const fetchCounts = useCallback((signal?: AbortSignal) => {
    setLoad({ kind: 'loading' });
    adminApi
      .overview(signal)
      .then((counts) => setLoad({ kind: 'ready', counts }))
      .catch((e: unknown) => {
        if (!signal?.aborted) setLoad({ kind: 'failed', message: errorSentence(e) });
      });
  }, []);
  useEffect(() => {
    const controller = new AbortController();
    fetchCounts(controller.signal);
    return () => controller.abort();
  }, [fetchCounts]);

  if (load.kind === 'loading') return <Skeleton active paragraph={{ rows: 3 }} className={styles.counts} />;
  if (load.kind === 'failed')
    return (
      <Alert
        type="error"
        showIcon
        title="The counts could not be loaded"
        description={load.message}
        action={<Button onClick={() => fetchCounts()}>Retry</Button>}
        style={{ marginBottom: 20 }}
      />
    );
  const c = load.counts;
  const month = monthName(c.month);
  const waiting = c.applicationsWaiting.new + c.applicationsWaiting.reviewing;
  const items = [
    {
      key: 'accounts',
      label: 'Accounts',
      value: c.accounts.total,
      note: `${number.format(c.accounts.newThisMonth)} new in ${month}`,
    },
    { key: 'pro', label: 'PRO subscriptions', value: c.proSubscriptions, note: 'Accounts on the Pro plan' },
    { key: 'domains', label: 'Domains', value: c.domains, note: 'Sites with the widget' },
    {
      key: 'conversations',
      label: 'Conversations',
      value: c.conversationsThisMonth,
      note: `Started in ${month}`,
    },
    { key: 'messages', label: 'Messages', value: c.messagesThisMonth, note: `Written in ${month}` },
  ];
  return (
    <section aria-label="Platform counts" className={styles.counts} data-testid="admin-counts">
      {items.map((i) => (
        <div key={i.key} className={styles.count} data-testid={`count-${i.key}`}>
          <p>{i.label}</p>
          <strong>{number.format(i.value)}</strong>
          <span>{i.note}</span>
        </div>
      ))}
      <Link
        href={`${PATHS.adminApplications}?status=new`}
        className={styles.countLink}
        data-testid="count-applications"
      >
        <div className={styles.count}>
          <p>Applications waiting</p>
          <strong>{number.format(waiting)}</strong>
          <span>
            {c.applicationsWaiting.new} new, {c.applicationsWaiting.reviewing} in review
          </span>
        </div>
      </Link>
    </section>
  );
}
