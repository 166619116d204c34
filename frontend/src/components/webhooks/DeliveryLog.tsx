'use client';

import { Alert, Button, Empty, Table, Tag } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { ReloadOutlined } from '@/components/icons';
import { useToast } from '@/components/toast/useToast';
import { errorSentence } from '@/lib/api/errors';
import { fetchDeliveries, resendDelivery, type WebhookDelivery } from './api';

const STATUS_COLOUR = { pending: 'gold', delivered: 'green', failed: 'red' } as const;
const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '—');

/** One endpoint's deliveries, newest first, each with a Resend button. */
export function DeliveryLog({ endpointId }: { endpointId: string }) {
  const [rows, setRows] = useState<WebhookDelivery[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const toast = useToast();

  const load = useCallback(
    async (signal?: AbortSignal) => {
      try {
        setRows((await fetchDeliveries(endpointId, signal)).data);
        setError(null);
      } catch (e) {
        if (!signal?.aborted) setError(errorSentence(e));
      }
    },
    [endpointId],
  );

  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  async function resend(delivery: WebhookDelivery) {
    try {
      await resendDelivery(endpointId, delivery.id);
      toast.success('Sent again', `${delivery.eventType} is on its way.`);
      await load();
    } catch (e) {
      toast.error('Could not resend', errorSentence(e));
    }
  }

  if (error) return <Alert type="error" showIcon title={error} />;
  return (
    <>
      <Button size="small" icon={<ReloadOutlined />} onClick={() => void load()} style={{ marginBottom: 8 }}>
        Refresh
      </Button>
      <Table<WebhookDelivery>
        size="small"
        rowKey="id"
        loading={rows === null}
        dataSource={rows ?? []}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        locale={{
          emptyText: (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description="Nothing sent yet: the endpoint's events show here as they happen."
            />
          ),
        }}
        data-testid="webhook-deliveries"
        columns={[
          { title: 'Event', dataIndex: 'eventType' },
          {
            title: 'Status',
            dataIndex: 'status',
            render: (s: WebhookDelivery['status']) => <Tag color={STATUS_COLOUR[s]}>{s}</Tag>,
          },
          { title: 'Attempts', dataIndex: 'attempts' },
          {
            title: 'Last answer',
            key: 'answer',
            render: (_: unknown, d: WebhookDelivery) =>
              d.lastError ?? (d.lastStatus ? `HTTP ${d.lastStatus}` : '—'),
          },
          { title: 'Created', dataIndex: 'createdAt', render: when },
          {
            title: '',
            key: 'resend',
            render: (_: unknown, d: WebhookDelivery) => (
              <Button size="small" onClick={() => void resend(d)}>
                Resend
              </Button>
            ),
          },
        ]}
      />
    </>
  );
}
