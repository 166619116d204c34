import type { Metadata } from 'next';
import { Suspense } from 'react';
import { ConversationsPage } from '@/components/conversations/ConversationsPage';
import { runtimeConfig } from '@/lib/server/runtime-config';

export const metadata: Metadata = { title: 'Conversation' };

export default function ConversationPage() {
  // Read at request time on the server: the browser's socket goes to the gateway directly.
  const { publicGateway } = runtimeConfig();
  return (
    // The open chat lives in the query (?room=), read with useSearchParams.
    <Suspense>
      <ConversationsPage gateway={publicGateway} />
    </Suspense>
  );
}
