'use client';

import {
  CalendarOutlined,
  CustomerServiceOutlined,
  SettingOutlined,
  ShoppingOutlined,
  SolutionOutlined,
} from '@/components/icons';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import relativeTime from 'dayjs/plugin/relativeTime';
import type { AppNotification } from '@/lib/api/notifications';
import styles from './Notifications.module.css';

dayjs.extend(relativeTime);

const TYPE_LABELS: Record<string, string> = {
  DOMAIN_SETUP: 'Domain setup',
  LIVE_SUPPORT: 'Live support',
  BOOKING: 'Booking',
  ORDER_PAID: 'Order paid',
  APPLICATION: 'Job application',
  WEBHOOK_DISABLED: 'Webhook turned off',
};
const TYPE_ICONS: Record<string, ReactNode> = {
  LIVE_SUPPORT: <CustomerServiceOutlined />,
  BOOKING: <CalendarOutlined />,
  ORDER_PAID: <ShoppingOutlined />,
  APPLICATION: <SolutionOutlined />,
};

/** One notification as a button: clicking it marks it read and follows it. */
export function NotificationItem({
  notification,
  onOpen,
}: {
  notification: AppNotification;
  onOpen(notification: AppNotification): void;
}) {
  const { type, message, read, createdAt } = notification;
  return (
    <button
      type="button"
      className={`${styles.item} ${read ? '' : styles.unread}`}
      onClick={() => onOpen(notification)}
      data-testid="notification-item"
      data-read={read}
      data-type={type}
    >
      <span className={styles.itemIcon} aria-hidden>
        {TYPE_ICONS[type] ?? <SettingOutlined />}
      </span>
      <span className={styles.itemBody}>
        <span className={styles.itemMeta}>
          {TYPE_LABELS[type] ?? type}
          <time dateTime={createdAt} title={dayjs(createdAt).format('MMM D, YYYY h:mm A')}>
            {dayjs(createdAt).fromNow()}
          </time>
        </span>
        <span className={styles.itemText}>{message}</span>
      </span>
      {!read && <span className={styles.dot} aria-label="Unread" />}
    </button>
  );
}
