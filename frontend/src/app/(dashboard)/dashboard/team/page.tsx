import { TeamOutlined } from '@/components/icons';
import type { Metadata } from 'next';
import { ComingSoon } from '@/components/dashboard/ComingSoon';

export const metadata: Metadata = { title: 'Team' };

export default function TeamPage() {
  return (
    <ComingSoon
      title="Team"
      description="The people who answer chats alongside your assistant."
      icon={<TeamOutlined />}
      emptyTitle="Your team is just you for now"
      emptyText="Team members you invite will be listed here, with who is active right now."
      willShow={[
        'Team members and their roles',
        'Who is online (active in the last 5 minutes)',
        'Conversations shared with each member',
      ]}
    />
  );
}
