'use client';

import { ShoppingCartOutlined } from '@ant-design/icons';
import { Alert, Card, Empty, Skeleton, Table } from 'antd';
import Link from 'next/link';
import { useEffect, useState } from 'react';
import { fetchOrders, type PaidOrder } from '@/lib/api/payments';
import { errorSentence } from '@/lib/api/errors';
import { formatBillingDate } from '@/lib/payments/subscription-display';
import styles from './Subscription.module.css';
import { formatMinorUnits } from '@parley/contracts/payments';

/** Polled like the subscription: a visitor's payment lands here within half a minute. */
const POLL_MS = 30_000;

/** The orders visitors paid for in the widget (issue 12): one row each, newest first. */
export function OrdersCard() {
  const [orders, setOrders] = useState<PaidOrder[] | null>(null);
  const [failed, setFailed] = useState<string>();

  useEffect(() => {
    const controller = new AbortController();
    const load = () =>
      fetchOrders(controller.signal).then(
        (body) => {
          setOrders(body.data);
          setFailed(undefined);
        },
        (e: unknown) => !controller.signal.aborted && setFailed(errorSentence(e)),
      );
    void load();
    const timer = setInterval(() => void load(), POLL_MS);
    return () => {
      controller.abort();
      clearInterval(timer);
    };
  }, []);

  return (
    <Card
      data-testid="orders-card"
      title={
        <span className={styles.planName}>
          <ShoppingCartOutlined /> Orders
        </span>
      }
    >
      {failed && <Alert type="error" showIcon title="Orders could not be loaded" description={failed} />}
      {!failed && !orders && <Skeleton active paragraph={{ rows: 2 }} />}
      {orders && orders.length === 0 && (
        <Empty description="No orders yet. Visitors' purchases in the widget show here." />
      )}
      {orders && orders.length > 0 && (
        <Table<PaidOrder>
          rowKey="orderId"
          size="small"
          pagination={{ pageSize: 10, hideOnSinglePage: true }}
          dataSource={orders}
          data-testid="orders-table"
          columns={[
            { title: 'Paid', dataIndex: 'paidAt', render: (v: string) => formatBillingDate(v) },
            { title: 'Order', dataIndex: 'description' },
            {
              title: 'Customer',
              render: (_: unknown, o) => (
                <span>
                  {o.customerName} <span className={styles.muted}>{o.customerEmail}</span>
                </span>
              ),
            },
            {
              title: 'Amount',
              render: (_: unknown, o) => formatMinorUnits(o.amountCents, o.currency),
              align: 'right',
            },
            {
              title: '',
              render: (_: unknown, o) =>
                o.roomId ? (
                  <Link href={`/dashboard/conversation?room=${encodeURIComponent(o.roomId)}`}>
                    Conversation
                  </Link>
                ) : null,
            },
          ]}
        />
      )}
    </Card>
  );
}
