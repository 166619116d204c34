'use client';

import { Alert, Button, Empty, Skeleton } from 'antd';
import { errorSentence } from '@/lib/api/errors';
import { PageTitle } from '@/components/dashboard/PageTitle';
import { useToast } from '@/components/toast/useToast';
import { NotificationItem } from './NotificationItem';
import { useNotifications } from './NotificationsProvider';
import { useOpenNotification } from './useOpenNotification';
import styles from './Notifications.module.css';

/** /notifications: every notification, newest first. */
export function NotificationsPage() {
  const { list, unread, status, error, reload, markAllRead } = useNotifications();
  const openNotification = useOpenNotification();
  const toast = useToast();

  return (
    <>
      <PageTitle
        title="Notifications"
        description="Updates about your domains and conversations that need you."
        extra={
          <Button
            disabled={unread === 0}
            onClick={() =>
              markAllRead().catch((e: unknown) =>
                toast.error('An unexpected error occurred', errorSentence(e)),
              )
            }
          >
            Mark all as read
          </Button>
        }
      />
      {status === 'failed' && (
        <Alert
          type="error"
          showIcon
          title="Your notifications could not be loaded"
          description={error}
          action={<Button onClick={reload}>Try again</Button>}
          style={{ marginBottom: 16 }}
        />
      )}
      {status === 'loading' ? (
        <Skeleton active paragraph={{ rows: 5 }} />
      ) : (
        <div className={styles.page} data-testid="notifications-page-list">
          {list.length === 0 ? (
            <Empty className={styles.pageEmpty} description="No notifications" data-testid="empty-state" />
          ) : (
            list.map((n) => <NotificationItem key={n.id} notification={n} onOpen={openNotification} />)
          )}
        </div>
      )}
    </>
  );
}
