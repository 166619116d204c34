'use client';

import { BellOutlined } from '@/components/icons';
import { Badge, Button, Dropdown } from 'antd';
import { DashboardLink } from '@/components/dashboard/DashboardLink';
import { useState } from 'react';
import { errorSentence } from '@/lib/api/errors';
import { DROPDOWN_SIZE } from '@/lib/notifications/list';
import { PATHS } from '@/lib/routing/paths';
import { useToast } from '@/components/toast/useToast';
import { NotificationItem } from './NotificationItem';
import { useNotifications } from './NotificationsProvider';
import { useOpenNotification } from './useOpenNotification';
import styles from './Notifications.module.css';

/** Screen 3: the bell with the unread count and the latest three. */
export function NotificationBell() {
  const { list, unread, markAllRead } = useNotifications();
  const [open, setOpen] = useState(false);
  const toast = useToast();
  const openNotification = useOpenNotification(() => setOpen(false));

  const panel = (
    <div className={styles.panel} data-testid="notification-panel" role="dialog" aria-label="Notifications">
      <div className={styles.panelHeader}>
        <strong>Notifications</strong>
        <Button
          type="link"
          size="small"
          disabled={unread === 0}
          onClick={() =>
            markAllRead().catch((e: unknown) => toast.error('An unexpected error occurred', errorSentence(e)))
          }
        >
          Mark all as read
        </Button>
      </div>
      {list.length === 0 ? (
        <p className={styles.empty}>No notifications</p>
      ) : (
        <div className={styles.panelList}>
          {list.slice(0, DROPDOWN_SIZE).map((n) => (
            <NotificationItem key={n.id} notification={n} onOpen={openNotification} />
          ))}
        </div>
      )}
      {list.length > DROPDOWN_SIZE && (
        <DashboardLink href={PATHS.notifications} className={styles.viewAll} onClick={() => setOpen(false)}>
          View all notifications
        </DashboardLink>
      )}
    </div>
  );

  return (
    <Dropdown
      open={open}
      onOpenChange={setOpen}
      trigger={['click']}
      placement="bottomRight"
      popupRender={() => panel}
    >
      <Button
        type="text"
        shape="circle"
        aria-label={unread ? `Notifications, ${unread} unread` : 'Notifications'}
        data-testid="notification-bell"
        className={styles.bell}
        icon={
          <Badge count={unread} size="small" overflowCount={99} data-testid="notification-count">
            <BellOutlined className={styles.bellIcon} />
          </Badge>
        }
      />
    </Dropdown>
  );
}
