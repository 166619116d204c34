'use client';

import { PlusOutlined } from '@/components/icons';
import { Alert, Button, Table, Tag } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import type { Domain } from '@/lib/api/domains';
import { errorSentence } from '@/lib/api/errors';
import { marketingApi, type Campaign, type CampaignsList } from '@/lib/api/marketing';
import { CampaignEditor } from './CampaignEditor';
import { formatDateTime } from './format';
import styles from './EmailMarketing.module.css';

const STATUS: Record<Campaign['status'], { label: string; color?: string }> = {
  draft: { label: 'Draft' },
  scheduled: { label: 'Scheduled', color: 'blue' },
  sending: { label: 'Sending', color: 'gold' },
  sent: { label: 'Sent', color: 'green' },
  refused: { label: 'Not sent', color: 'red' },
};

/** The account's campaigns with what became of their mail, and the month's emails. */
export function CampaignsTab({
  domains,
  questions,
}: {
  domains: Domain[];
  questions: { questionId: string; question: string; domainId: string }[];
}) {
  const [list, setList] = useState<CampaignsList | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState<Campaign | 'new' | null>(null);

  const load = useCallback(() => {
    marketingApi
      .campaigns()
      .then((answer) => {
        setList(answer);
        setError(null);
      })
      .catch((e: unknown) => setError(errorSentence(e)));
  }, []);
  useEffect(load, [load]);
  // Mail still on its way: its counts move.
  const moving = list?.data.some((c) => c.status === 'sending' || c.status === 'scheduled');
  useEffect(() => {
    if (!moving) return;
    const timer = setInterval(load, 3000);
    return () => clearInterval(timer);
  }, [moving, load]);

  const usage = list?.usage;
  return (
    <div data-testid="campaigns-tab">
      <div className={styles.toolbar} style={{ justifyContent: 'space-between', alignItems: 'center' }}>
        {usage ? (
          <span className={styles.summary} style={{ margin: 0 }} data-testid="emails-usage">
            {usage.emailsUsed} of {usage.emailsPerMonth} emails used this month · {usage.emailsLeft} left
          </span>
        ) : (
          <span />
        )}
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setEditing('new')}
          disabled={domains.length === 0}
          data-testid="new-campaign"
        >
          New campaign
        </Button>
      </div>
      {domains.length === 0 && (
        <Alert
          className={styles.alert}
          type="info"
          showIcon
          title="Add a domain first: campaigns go to a domain's contacts."
        />
      )}
      {error && (
        <Alert
          className={styles.alert}
          type="error"
          showIcon
          title="The campaigns could not be loaded"
          description={error}
          action={<Button onClick={load}>Try again</Button>}
        />
      )}
      <Table<Campaign>
        rowKey="id"
        loading={!list && !error}
        dataSource={list?.data ?? []}
        pagination={false}
        scroll={{ x: 860 }}
        data-testid="campaigns-table"
        locale={{ emptyText: 'No campaigns yet: write one to reach your contacts.' }}
        onRow={(c) => ({
          onClick: () => {
            if (c.status !== 'sent' && c.status !== 'sending') setEditing(c);
          },
          style: { cursor: c.status !== 'sent' && c.status !== 'sending' ? 'pointer' : 'default' },
        })}
        columns={[
          {
            title: 'Subject',
            key: 'subject',
            render: (_, c) => (
              <div>
                <div className={styles.strong}>{c.subject}</div>
                {domains.length > 1 && <div className={styles.muted}>{c.domain}</div>}
                {c.refusal && <div className={styles.refusal}>{c.refusal}</div>}
              </div>
            ),
          },
          {
            title: 'Status',
            key: 'status',
            render: (_, c) => <Tag color={STATUS[c.status].color}>{STATUS[c.status].label}</Tag>,
          },
          {
            title: 'When',
            key: 'when',
            render: (_, c) =>
              c.releasedAt
                ? formatDateTime(c.releasedAt)
                : c.sendAt
                  ? `Sends ${formatDateTime(c.sendAt)}`
                  : `Edited ${formatDateTime(c.updatedAt)}`,
          },
          { title: 'Recipients', dataIndex: 'recipients', key: 'recipients', align: 'right' },
          {
            title: 'Sent',
            key: 'sent',
            align: 'right',
            render: (_, c) => <span data-testid="campaign-sent">{c.stats.sent}</span>,
          },
          {
            title: 'Failed',
            key: 'failed',
            align: 'right',
            render: (_, c) => <span data-testid="campaign-failed">{c.stats.failed}</span>,
          },
          {
            title: 'Unsubscribed',
            key: 'unsubscribed',
            align: 'right',
            render: (_, c) => <span data-testid="campaign-unsubscribed">{c.stats.unsubscribed}</span>,
          },
        ]}
      />
      {editing && (
        <CampaignEditor
          campaign={editing === 'new' ? null : editing}
          domains={domains}
          questions={questions}
          emailsLeft={usage?.emailsLeft ?? 0}
          onClose={() => setEditing(null)}
          onDone={load}
        />
      )}
    </div>
  );
}
