'use client';

import { FireFilled } from '@ant-design/icons';
import { CONVERSATION_FILTERS, type ConversationFilter } from '@parley/contracts';
import { Alert, Button, Empty, Segmented, Select, Skeleton, Tag, Tooltip } from 'antd';
import type { Domain } from '@/lib/api/domains';
import type { Room } from './api';
import { FILTER_LABELS, isUnread, isUrgent, preview, type ListReader } from './list';
import type { ConversationList as ListState } from './useConversationList';
import styles from './Conversations.module.css';

function rowTime(iso: string | undefined, now: number): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const today = new Date(now);
  if (d.toDateString() === today.toDateString()) {
    return d.toLocaleTimeString([], { hour: 'numeric', minute: '2-digit' });
  }
  return d.toLocaleDateString([], { month: 'short', day: 'numeric' });
}

function Row({
  room,
  reader,
  now,
  selected,
  onOpen,
}: {
  room: Room;
  reader: ListReader;
  now: number;
  selected: boolean;
  onOpen(): void;
}) {
  const unread = isUnread(room);
  const urgent = isUrgent(room, now);
  return (
    <li>
      <button
        type="button"
        className={`${styles.row} ${selected ? styles.rowSelected : ''} ${unread ? styles.rowUnread : ''}`}
        onClick={onOpen}
        aria-current={selected || undefined}
        data-testid="conversation-row"
        data-room-id={room.id}
        data-unread={unread || undefined}
        data-urgent={urgent || undefined}
      >
        <span className={styles.rowTop}>
          {unread && <span className={styles.unreadDot} aria-label="Unread" data-testid="unread-dot" />}
          <span className={styles.rowName}>{room.customerEmail || 'Visitor'}</span>
          {urgent && (
            <Tooltip title="Last message under 2 hours old">
              <FireFilled className={styles.urgent} aria-label="Urgent" data-testid="urgent-marker" />
            </Tooltip>
          )}
          <span className={styles.rowTime}>
            {rowTime(room.lastMessage?.createdAt ?? room.updatedAt, now)}
          </span>
        </span>
        <span className={styles.rowPreview} data-testid="conversation-preview">
          {preview(room, reader)}
        </span>
        <span className={styles.rowTags}>
          <span className={styles.rowDomain}>{room.domain}</span>
          {room.live && (
            <Tag color="red" className={styles.smallTag} data-testid="live-tag">
              Live
            </Tag>
          )}
          {room.sharedWith.length > 0 && (
            <Tag color="purple" className={styles.smallTag} data-testid="shared-tag">
              Shared
            </Tag>
          )}
        </span>
      </button>
    </li>
  );
}

/** The conversation list with its filters (all, unread, live, shared) and domain picker. */
export function ConversationList({
  list,
  domains,
  reader,
  now,
  selectedId,
  onOpen,
}: {
  list: ListState;
  domains: Domain[];
  /** The signed-in member: their own messages preview as "You". */
  reader: ListReader;
  now: number;
  selectedId: string | undefined;
  onOpen(room: Room): void;
}) {
  return (
    <section className={styles.list} aria-label="Conversations" data-testid="conversation-list">
      <div className={styles.listControls}>
        <Segmented
          block
          className={styles.filters}
          options={CONVERSATION_FILTERS.map((f) => ({ value: f, label: FILTER_LABELS[f] }))}
          value={list.filter}
          onChange={(v) => list.setFilter(v as ConversationFilter)}
          data-testid="conversation-filter"
        />
        {domains.length > 1 && (
          <Select
            value={list.domainId ?? ''}
            onChange={(v) => list.setDomainId(v || undefined)}
            options={[
              { value: '', label: 'All domains' },
              ...domains.map((d) => ({ value: d.id, label: d.domain })),
            ]}
            aria-label="Domain"
            data-testid="domain-picker"
            className={styles.domainPicker}
          />
        )}
      </div>
      <div className={styles.listBody}>
        {list.failed && !list.rooms && (
          <Alert
            type="error"
            showIcon
            title="Your conversations could not be loaded"
            action={<Button onClick={() => void list.reload()}>Try again</Button>}
          />
        )}
        {!list.rooms && !list.failed && <Skeleton active paragraph={{ rows: 6 }} />}
        {list.rooms?.length === 0 && (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={
              list.filter === 'all'
                ? 'No conversations here yet'
                : `No ${FILTER_LABELS[list.filter].toLowerCase()} conversations`
            }
            data-testid="list-empty"
          />
        )}
        {list.rooms && list.rooms.length > 0 && (
          <ul className={styles.rows}>
            {list.rooms.map((r) => (
              <Row
                key={r.id}
                room={r}
                reader={reader}
                now={now}
                selected={r.id === selectedId}
                onOpen={() => onOpen(r)}
              />
            ))}
          </ul>
        )}
        {list.rooms && list.hasMore && (
          <div className={styles.loadMore}>
            <Button
              block
              onClick={() => void list.loadMore()}
              loading={list.loadingMore}
              data-testid="load-more-conversations"
            >
              Load more
            </Button>
          </div>
        )}
      </div>
    </section>
  );
}
