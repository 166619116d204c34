'use client';

import { isSystemText } from '@parley/chat-display';
import { Descriptions, Empty, Skeleton, Tag } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { errorSentence } from '@/lib/api/errors';
import { fetchCustomer, type CustomerAnswer, type CustomerBooking } from './api';
import { deriveInsights, type Sentiment } from './insights';
import { plainText } from './text';
import type { ChatState } from './useChat';
import styles from './Conversations.module.css';

const SENTIMENT_COLOR: Record<Sentiment, string> = { Positive: 'green', Negative: 'red', Neutral: 'default' };

type Customer = { answers: CustomerAnswer[]; bookings: CustomerBooking[]; email: string | null };

/** Spec "Conversation metadata" and "Conversation status", derived from the open chat. */
export function InsightsPanel({ roomId, chat }: { roomId: string; chat: ChatState }) {
  const [customer, setCustomer] = useState<Customer>();
  const [customerError, setCustomerError] = useState<string>();
  const insights = useMemo(
    () =>
      chat.messages
        ? deriveInsights(
            // The system's own lines (live mode on, chat ended) are not part of the exchange.
            chat.messages
              .filter((m) => !isSystemText(m.content))
              .map((m) => ({
                role: m.role,
                text: plainText(m.content),
                createdAt: m.createdAt,
                isNote: m.isNote,
              })),
            chat.live,
            chat.customerEmail,
          )
        : undefined,
    [chat.messages, chat.live, chat.customerEmail],
  );

  // The customer's answers and bookings; again when the visitor gives an email.
  useEffect(() => {
    const controller = new AbortController();
    setCustomerError(undefined);
    fetchCustomer(roomId, controller.signal)
      .then((body) =>
        setCustomer({
          answers: body.data.answers,
          bookings: body.data.bookings,
          email: body.data.email ?? null,
        }),
      )
      .catch((e) => !controller.signal.aborted && setCustomerError(errorSentence(e)));
    return () => controller.abort();
  }, [roomId, chat.customerEmail]);

  if (!insights) return <Skeleton active paragraph={{ rows: 6 }} />;
  const email = chat.customerEmail ?? customer?.email ?? null;

  return (
    <div className={styles.insights} data-testid="insights">
      <section>
        <h3>Overview</h3>
        <p className={styles.overview} data-testid="insight-overview">
          {insights.overview}
        </p>
        <div className={styles.insightTags}>
          <Tag color={insights.status === 'new' ? 'blue' : 'gold'} data-testid="insight-status">
            {insights.status === 'new' ? 'New' : 'In progress'}
          </Tag>
          <Tag color={SENTIMENT_COLOR[insights.sentiment]} data-testid="insight-sentiment">
            {insights.sentiment}
          </Tag>
          {chat.live && <Tag color="red">Live</Tag>}
        </div>
      </section>
      <Descriptions
        column={1}
        size="small"
        items={[
          { key: 'enquiry', label: 'Enquiry', children: insights.enquiryType },
          {
            key: 'count',
            label: 'Messages',
            children: <span data-testid="insight-count">{insights.messageCount}</span>,
          },
          { key: 'response', label: 'Avg. response time', children: insights.avgResponseTime },
          { key: 'duration', label: 'Duration', children: insights.conversationDuration },
          {
            key: 'first',
            label: 'First contact',
            children: insights.firstInteractionTime
              ? new Date(insights.firstInteractionTime).toLocaleString([], {
                  dateStyle: 'medium',
                  timeStyle: 'short',
                })
              : '—',
          },
          {
            key: 'email',
            label: 'Customer email',
            children: email ? <a href={`mailto:${email}`}>{email}</a> : 'Not given yet',
          },
        ]}
      />
      <section>
        <h3>Key topics</h3>
        {insights.keyTopics.length ? (
          <div className={styles.insightTags} data-testid="insight-topics">
            {insights.keyTopics.map((t) => (
              <Tag key={t} title={t}>
                {t}
              </Tag>
            ))}
          </div>
        ) : (
          <p className={styles.muted}>None yet</p>
        )}
      </section>
      <section>
        <h3>Customer answers</h3>
        {customerError && <p className={styles.muted}>{customerError}</p>}
        {!customer && !customerError && <Skeleton active paragraph={{ rows: 2 }} title={false} />}
        {customer && customer.answers.length === 0 && <p className={styles.muted}>No answers yet</p>}
        {customer && customer.answers.length > 0 && (
          <dl className={styles.answers}>
            {customer.answers.map((a) => (
              <div key={a.questionId ?? a.question}>
                <dt>{a.question}</dt>
                <dd>{a.answer}</dd>
              </div>
            ))}
          </dl>
        )}
      </section>
      <section>
        <h3>Bookings</h3>
        {customer && customer.bookings.length === 0 && (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No bookings" />
        )}
        {customer?.bookings.map((b) => (
          <div key={b.id} className={styles.booking} data-testid="booking">
            <strong>{b.appointmentName || 'Appointment'}</strong>
            <span>
              {b.date} · {b.slot}
            </span>
            {b.name && <span>{b.name}</span>}
            {b.email && <span>{b.email}</span>}
          </div>
        ))}
      </section>
    </div>
  );
}
