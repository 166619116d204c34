import { MailOutlined } from '@/components/icons';
import type { Metadata } from 'next';
import { ComingSoon } from '@/components/dashboard/ComingSoon';

export const metadata: Metadata = { title: 'Email Marketing' };

export default function EmailMarketingPage() {
  return (
    <ComingSoon
      title="Email Marketing"
      description="Reach the contacts your conversations collected."
      icon={<MailOutlined />}
      emptyTitle="No contacts or campaigns yet"
      emptyText="Visitors who leave their email in a chat become contacts you can email from here."
      willShow={[
        'Contacts gathered from your chats',
        'Campaigns and how many emails your plan has left this month',
      ]}
    />
  );
}
