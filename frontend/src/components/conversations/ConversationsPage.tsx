'use client';

import { Alert, Button, Drawer, Skeleton, Tag } from 'antd';
import { usePathname, useSearchParams } from 'next/navigation';
import { replaceQuery } from '@/lib/routing/replace-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { listDomains, type Domain } from '@/lib/api/domains';
import { errorSentence } from '@/lib/api/errors';
import type { PublicGateway } from '@/lib/realtime/gateway-address';
import { useRealtimeStatus } from '@/lib/realtime/useRealtime';
import { PageTitle } from '@/components/dashboard/PageTitle';
import { useSession } from '@/components/dashboard/SessionProvider';
import type { Room } from './api';
import { ChatWindow } from './ChatWindow';
import { ConversationList } from './ConversationList';
import { NoConversations, NoDomains, NothingShared } from './EmptyStates';
import { InsightsPanel } from './InsightsPanel';
import { useChat } from './useChat';
import { useConversationList, type ConversationList as ListState } from './useConversationList';
import styles from './Conversations.module.css';

/** The minute clock the list's urgent markers and the open chat's team presence are judged by. */
function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = window.setInterval(() => setNow(Date.now()), 60_000);
    return () => window.clearInterval(t);
  }, []);
  return now;
}

type DomainsLoad =
  { kind: 'loading' } | { kind: 'ready'; domains: Domain[] } | { kind: 'failed'; message: string };

/** Screen 8: the conversation list, the chat window and the insights panel. */
export function ConversationsPage({ gateway }: { gateway: PublicGateway }) {
  const { user } = useSession();
  // Agents see the rooms shared with them; domains are the owner's to manage.
  const agent = user.role === 'AGENT';
  const [domains, setDomains] = useState<DomainsLoad>(
    agent ? { kind: 'ready', domains: [] } : { kind: 'loading' },
  );

  const load = useCallback(async () => {
    if (agent) return;
    setDomains({ kind: 'loading' });
    try {
      setDomains({ kind: 'ready', domains: (await listDomains()).data });
    } catch (e) {
      setDomains({ kind: 'failed', message: errorSentence(e) });
    }
  }, [agent]);
  useEffect(() => void load(), [load]);

  return (
    <>
      <PageTitle
        title="Conversations"
        description="Every chat your visitors start, with the assistant and your team."
      />
      {domains.kind === 'loading' && <Skeleton active paragraph={{ rows: 8 }} />}
      {domains.kind === 'failed' && (
        <Alert
          type="error"
          showIcon
          title="Your domains could not be loaded"
          description={domains.message}
          action={<Button onClick={() => void load()}>Try again</Button>}
        />
      )}
      {domains.kind === 'ready' && domains.domains.length === 0 && !agent && <NoDomains />}
      {domains.kind === 'ready' && (domains.domains.length > 0 || agent) && (
        // On the dashboard's one socket (the layout's RealtimeProvider).
        <Workspace domains={domains.domains} gateway={gateway} agent={agent} />
      )}
    </>
  );
}

function Workspace({
  domains,
  gateway,
  agent,
}: {
  domains: Domain[];
  gateway: PublicGateway;
  agent: boolean;
}) {
  const { user } = useSession();
  const pathname = usePathname();
  const search = useSearchParams();
  const selectedId = search.get('room') ?? undefined;
  const list = useConversationList(selectedId);
  const now = useMinuteClock();
  const status = useRealtimeStatus();

  const open = useCallback(
    (roomId: string | undefined) => {
      replaceQuery(roomId ? `${pathname}?room=${encodeURIComponent(roomId)}` : pathname);
    },
    [pathname],
  );

  const nothingYet = list.rooms?.length === 0 && list.filter === 'all' && !list.domainId && !selectedId;

  return (
    <>
      {status === 'reconnecting' && (
        <Tag color="orange" className={styles.reconnecting} data-testid="realtime-reconnecting">
          Reconnecting… new messages will appear once the connection is back
        </Tag>
      )}
      {nothingYet && agent && <NothingShared />}
      {nothingYet && !agent && <NoConversations domains={domains} gateway={gateway} />}
      {!nothingYet && (
        <div className={styles.workspace} data-view={selectedId ? 'chat' : 'list'}>
          <ConversationList
            list={list}
            domains={domains}
            reader={user}
            now={now}
            selectedId={selectedId}
            onOpen={(r: Room) => open(r.id)}
          />
          {selectedId ? (
            <OpenChat
              key={selectedId}
              roomId={selectedId}
              list={list}
              domains={domains}
              now={now}
              onClose={() => open(undefined)}
            />
          ) : (
            <section className={styles.placeholder} data-testid="no-chat-selected">
              <p>Select a conversation to read it and reply.</p>
            </section>
          )}
        </div>
      )}
    </>
  );
}

function OpenChat({
  roomId,
  list,
  domains,
  now,
  onClose,
}: {
  roomId: string;
  list: ListState;
  domains: Domain[];
  now: number;
  onClose(): void;
}) {
  const row = list.rooms?.find((r) => r.id === roomId);
  const { applyRoom, patch } = list;
  const rows = useMemo(() => ({ applyRoom, patch }), [applyRoom, patch]);
  const chat = useChat(roomId, row, rows);
  const [insightsOpen, setInsightsOpen] = useState(false);
  const domain = domains.find((d) => d.id === row?.domainId)?.domain;

  return (
    <>
      <ChatWindow
        chat={chat}
        room={row}
        domain={domain}
        now={now}
        onBack={onClose}
        onInsights={() => setInsightsOpen(true)}
        onRoom={applyRoom}
      />
      <aside className={styles.insightsAside} aria-label="Insights">
        <h2 className={styles.asideTitle}>Insights</h2>
        <InsightsPanel roomId={roomId} chat={chat} />
      </aside>
      <Drawer
        open={insightsOpen}
        onClose={() => setInsightsOpen(false)}
        title="Insights"
        placement="right"
        size={340}
        destroyOnHidden
      >
        <InsightsPanel roomId={roomId} chat={chat} />
      </Drawer>
    </>
  );
}
