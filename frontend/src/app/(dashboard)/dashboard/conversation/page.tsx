import { MessageOutlined } from '@/components/icons';
import type { Metadata } from 'next';
import { ComingSoon } from '@/components/dashboard/ComingSoon';

export const metadata: Metadata = { title: 'Conversation' };

export default function ConversationPage() {
  return (
    <ComingSoon
      title="Conversation"
      description="Every chat your visitors start, with the assistant and with your team."
      icon={<MessageOutlined />}
      emptyTitle="No conversations yet"
      emptyText="Once your chat widget is on your site, each visitor conversation is listed here as it happens."
      willShow={[
        'All, unread, live and shared conversations, newest first',
        'The chat window, with the typing indicator and live hand-off',
        'An insights panel: summary, main issue, sentiment and response times',
      ]}
    />
  );
}
