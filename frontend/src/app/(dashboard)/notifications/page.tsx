import { BellOutlined } from '@/components/icons';
import type { Metadata } from 'next';
import { ComingSoon } from '@/components/dashboard/ComingSoon';

export const metadata: Metadata = { title: 'Notifications' };

export default function NotificationsPage() {
  return (
    <ComingSoon
      title="Notifications"
      description="Updates about your domains and conversations that need you."
      icon={<BellOutlined />}
      emptyTitle="No notifications"
      emptyText="When a domain needs setting up or a visitor asks for a person, you will be told here."
      willShow={[
        'Domain set-up reminders, which open the set-up wizard',
        'Live-support requests from your visitors',
        'Read and unread state, with “Mark all as read”',
      ]}
    />
  );
}
