'use client';

import { Alert, Button, Input, Select, Table, Tag, Tooltip } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import type { Domain } from '@/lib/api/domains';
import { errorSentence } from '@/lib/api/errors';
import { marketingApi, type Contact, type ContactsPage } from '@/lib/api/marketing';
import { formatDate, plural } from './format';
import styles from './EmailMarketing.module.css';

interface Filter {
  domainId: string;
  query: string;
  questionId: string;
  answer: string;
  booked: 'any' | 'yes' | 'no';
  ordered: 'any' | 'yes' | 'no';
  status: 'all' | 'subscribed' | 'unsubscribed';
  page: number;
  pageSize: number;
}

const START: Filter = {
  domainId: '',
  query: '',
  questionId: '',
  answer: '',
  booked: 'any',
  ordered: 'any',
  status: 'all',
  page: 1,
  pageSize: 20,
};

const YES_NO = (what: string) => [
  { value: 'any', label: `${what}: any` },
  { value: 'yes', label: `${what}: yes` },
  { value: 'no', label: `${what}: none` },
];

/**
 * The addresses visitors left in chats, forms, bookings and orders, one per domain and address;
 * searched by name or address and filtered by domain, a filter question's answer, bookings,
 * orders and subscription. The plan's contacts limit is shown, and what it holds back.
 */
export function ContactsTab({ domains }: { domains: Domain[] }) {
  const [filter, setFilter] = useState<Filter>(START);
  const [search, setSearch] = useState('');
  const [answer, setAnswer] = useState('');
  const [page, setPage] = useState<ContactsPage | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);

  const load = useCallback(() => {
    setLoading(true);
    marketingApi
      .contacts({ ...filter })
      .then((answered) => {
        setPage(answered);
        setError(null);
      })
      .catch((e: unknown) => setError(errorSentence(e)))
      .finally(() => setLoading(false));
  }, [filter]);
  useEffect(load, [load]);

  const set = (change: Partial<Filter>) => setFilter((f) => ({ ...f, page: 1, ...change }));
  const limits = page?.limits;

  return (
    <div data-testid="contacts-tab">
      {limits && (
        <p className={styles.summary} data-testid="contacts-limit">
          {limits.contactsHeld.toLocaleString('en-US')} of {limits.contacts.toLocaleString('en-US')} contacts
          your {limits.plan === 'PRO' ? 'Pro' : 'Standard'} plan keeps
        </p>
      )}
      {limits?.message && (
        <Alert
          className={styles.alert}
          type="warning"
          showIcon
          title={limits.message}
          data-testid="contacts-limit-alert"
        />
      )}
      {error && (
        <Alert
          className={styles.alert}
          type="error"
          showIcon
          title="The contacts could not be loaded"
          description={error}
          action={<Button onClick={load}>Try again</Button>}
        />
      )}
      <div className={styles.toolbar}>
        <Input.Search
          allowClear
          placeholder="Search name or email"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          onSearch={(query) => set({ query: query.trim() })}
          style={{ width: 260 }}
          aria-label="Search contacts"
          data-testid="contacts-search"
        />
        {domains.length > 1 && (
          <Select
            value={filter.domainId}
            onChange={(domainId: string) => set({ domainId, questionId: '', answer: '' })}
            options={[
              { value: '', label: 'All domains' },
              ...domains.map((d) => ({ value: d.id, label: d.domain })),
            ]}
            aria-label="Domain"
            className={styles.select}
          />
        )}
        <Select
          value={filter.questionId}
          onChange={(questionId: string) => set({ questionId, answer: questionId ? filter.answer : '' })}
          options={[
            { value: '', label: 'Any answers' },
            ...(page?.questions ?? []).map((q) => ({ value: q.questionId, label: q.question })),
          ]}
          aria-label="Filter question"
          className={styles.wideSelect}
          data-testid="contacts-question"
        />
        {filter.questionId && (
          <Input.Search
            allowClear
            placeholder="Answer contains…"
            value={answer}
            onChange={(e) => setAnswer(e.target.value)}
            onSearch={(a) => set({ answer: a.trim() })}
            style={{ width: 220 }}
            aria-label="Answer"
            data-testid="contacts-answer"
          />
        )}
        <Select
          value={filter.booked}
          onChange={(booked: Filter['booked']) => set({ booked })}
          options={YES_NO('Bookings')}
          aria-label="Bookings"
          className={styles.select}
        />
        <Select
          value={filter.ordered}
          onChange={(ordered: Filter['ordered']) => set({ ordered })}
          options={YES_NO('Orders')}
          aria-label="Orders"
          className={styles.select}
        />
        <Select
          value={filter.status}
          onChange={(status: Filter['status']) => set({ status })}
          options={[
            { value: 'all', label: 'Subscribed or not' },
            { value: 'subscribed', label: 'Subscribed' },
            { value: 'unsubscribed', label: 'Unsubscribed' },
          ]}
          aria-label="Subscription"
          className={styles.select}
        />
      </div>
      <Table<Contact>
        rowKey={(c) => `${c.domainId}:${c.email}`}
        loading={loading}
        dataSource={page?.data ?? []}
        data-testid="contacts-table"
        scroll={{ x: 900 }}
        locale={{
          emptyText: page?.limits.contactsHeld
            ? 'No contacts match these filters'
            : 'No contacts yet: visitors who leave their email in a chat, a form, a booking or an order become contacts here.',
        }}
        pagination={{
          current: filter.page,
          pageSize: filter.pageSize,
          total: page?.total ?? 0,
          showSizeChanger: true,
          showTotal: (total, [from, to]) => `${from}-${to} of ${plural(total, 'contact')}`,
          onChange: (p, pageSize) =>
            setFilter((f) => ({ ...f, page: pageSize === f.pageSize ? p : 1, pageSize })),
        }}
        columns={[
          {
            title: 'Contact',
            key: 'contact',
            render: (_, c) => (
              <div>
                <div className={styles.strong}>{c.name || c.email}</div>
                {c.name && <div className={styles.muted}>{c.email}</div>}
              </div>
            ),
          },
          ...(domains.length > 1 ? [{ title: 'Domain', dataIndex: 'domain', key: 'domain' }] : []),
          {
            title: 'First seen',
            key: 'firstSeen',
            render: (_: unknown, c: Contact) => formatDate(c.firstSeen),
          },
          {
            title: 'Answers',
            key: 'answers',
            render: (_: unknown, c: Contact) =>
              c.answers.length ? (
                <div className={styles.answers}>
                  {c.answers.map((a) => (
                    <Tooltip key={a.questionId} title={a.question}>
                      <Tag>{a.answer}</Tag>
                    </Tooltip>
                  ))}
                </div>
              ) : (
                <span className={styles.muted}>—</span>
              ),
          },
          { title: 'Bookings', dataIndex: 'bookings', key: 'bookings', align: 'right' as const },
          { title: 'Orders', dataIndex: 'orders', key: 'orders', align: 'right' as const },
          {
            title: 'Status',
            key: 'status',
            render: (_: unknown, c: Contact) =>
              c.subscribed ? <Tag color="green">Subscribed</Tag> : <Tag>Unsubscribed</Tag>,
          },
        ]}
      />
    </div>
  );
}
