'use client';

import { ArrowDownOutlined, ArrowUpOutlined } from '@/components/icons';
import { Alert, Button, Card, DatePicker, Empty, Select, Skeleton, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import dynamic from 'next/dynamic';
import { useEffect, useState } from 'react';
import { formatMinorUnits } from '@parley/contracts/payments';
import { listDomains } from '@/lib/api/domains';
import { errorSentence } from '@/lib/api/errors';
import { getFunnel, type Funnel } from '@/lib/api/funnel';
import styles from './DashboardHome.module.css';

// The chart library stays out of every other page's bundle (docs/funnel.md).
const FunnelChart = dynamic(() => import('./FunnelChart'), {
  ssr: false,
  loading: () => <Skeleton.Node active style={{ width: '100%', height: 260 }} />,
});

type Counts = Funnel['totals'];

const STEPS: Array<{ key: keyof Counts; label: string }> = [
  { key: 'visitors', label: 'Visitors' },
  { key: 'conversations', label: 'Conversations' },
  { key: 'answeredByAssistant', label: 'Answered by the assistant' },
  { key: 'handedOff', label: 'Handed off to a person' },
  { key: 'emails', label: 'Emails captured' },
  { key: 'bookings', label: 'Bookings' },
  { key: 'orders', label: 'Orders' },
  { key: 'revenueCents', label: 'Revenue' },
];

const DAY = 'YYYY-MM-DD';

function Change({ value }: { value: number | null | undefined }) {
  if (value === null || value === undefined) return <span className={styles.changeNone}>new this week</span>;
  if (value === 0) return <span className={styles.changeNone}>same as last week</span>;
  const up = value > 0;
  return (
    <span className={up ? styles.changeUp : styles.changeDown}>
      {up ? <ArrowUpOutlined /> : <ArrowDownOutlined />} {Math.abs(value)}% vs last week
    </span>
  );
}

type Load = { kind: 'loading' } | { kind: 'ready'; funnel: Funnel } | { kind: 'failed'; message: string };

/**
 * Issue 17: what the assistant is worth for one domain and period, from GET /api/funnel: the
 * counts from visitors to revenue with the week-over-week change, and a daily chart.
 */
export function FunnelCard() {
  const [domains, setDomains] = useState<Array<{ id: string; domain: string }> | null>(null);
  const [domainId, setDomainId] = useState<string | null>(null);
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [dayjs().subtract(6, 'day'), dayjs()]);
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const c = new AbortController();
    listDomains(c.signal)
      .then(({ data }) => {
        const list = data.map((d) => ({ id: String(d.id), domain: String(d.domain) }));
        setDomains(list);
        setDomainId((current) => current ?? list[0]?.id ?? null);
      })
      .catch((e: unknown) => !c.signal.aborted && setLoad({ kind: 'failed', message: errorSentence(e) }));
    return () => c.abort();
  }, []);

  useEffect(() => {
    if (!domainId) return;
    const c = new AbortController();
    setLoad({ kind: 'loading' });
    getFunnel({ domainId, from: range[0].format(DAY), to: range[1].format(DAY) }, c.signal)
      .then(({ data }) => setLoad({ kind: 'ready', funnel: data }))
      .catch((e: unknown) => !c.signal.aborted && setLoad({ kind: 'failed', message: errorSentence(e) }));
    return () => c.abort();
  }, [domainId, range, attempt]);

  const money = (cents: number, currency: string | null) =>
    formatMinorUnits(cents, (currency ?? 'USD').toUpperCase());

  return (
    <Card
      title="Funnel"
      data-testid="funnel-card"
      extra={
        <Space wrap>
          {domains && domains.length > 0 && (
            <Select
              value={domainId ?? undefined}
              onChange={setDomainId}
              options={domains.map((d) => ({ value: d.id, label: d.domain }))}
              aria-label="Domain"
              style={{ minWidth: 180 }}
              data-testid="funnel-domain"
            />
          )}
          <DatePicker.RangePicker
            value={range}
            allowClear={false}
            disabledDate={(d) => d.isAfter(dayjs(), 'day')}
            onChange={(v) => v?.[0] && v[1] && setRange([v[0], v[1]])}
            aria-label="Period"
          />
        </Space>
      }
    >
      {domains && domains.length === 0 ? (
        <Empty description="Add a domain to see its funnel." />
      ) : load.kind === 'failed' ? (
        <Alert
          type="warning"
          showIcon
          title="The funnel could not be loaded"
          description={load.message}
          action={
            <Button size="small" onClick={() => setAttempt((n) => n + 1)}>
              Retry
            </Button>
          }
        />
      ) : load.kind === 'loading' ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : (
        <>
          <ol className={styles.funnelSteps}>
            {STEPS.map((s) => (
              <li key={s.key} data-testid={`funnel-${s.key}`}>
                <span className={styles.funnelLabel}>{s.label}</span>
                <strong className={styles.funnelValue}>
                  {s.key === 'revenueCents'
                    ? money(load.funnel.totals.revenueCents, load.funnel.currency)
                    : load.funnel.totals[s.key].toLocaleString()}
                </strong>
                <Change value={load.funnel.weekOverWeek.change[s.key]} />
              </li>
            ))}
          </ol>
          <FunnelChart days={load.funnel.days} />
        </>
      )}
    </Card>
  );
}
