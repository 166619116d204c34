'use client';

import { ArrowLeftOutlined, BarChartOutlined, ReloadOutlined } from '@ant-design/icons';
import { Alert, Avatar, Button, Skeleton, Switch, Tag, Tooltip } from 'antd';
import { useEffect, useRef } from 'react';
import { useSession } from '@/components/dashboard/SessionProvider';
import type { Room } from './api';
import { Composer } from './Composer';
import { writtenInHours } from './hours';
import { MessageBubble } from './MessageBubble';
import { activeMembers } from './presence';
import { SharePicker } from './SharePicker';
import type { ChatState } from './useChat';
import styles from './Conversations.module.css';
import { initialsOf } from '@parley/chat-display';

/** The open chat: who and where, live switch, presence, sharing, the messages and the composer. */
export function ChatWindow({
  chat,
  room,
  domain,
  now,
  onBack,
  onInsights,
  onRoom,
}: {
  chat: ChatState;
  room: Room | undefined;
  domain: string | undefined;
  /** The page's minute clock, for who counts as active. */
  now: number;
  onBack(): void;
  onInsights(): void;
  onRoom(room: Room): void;
}) {
  const { user } = useSession();
  const scroller = useRef<HTMLDivElement>(null);
  const stick = useRef(true);
  // Whoever else of the team is here (we know we are).
  const active = activeMembers(chat.presence, now).filter((m) => m.id !== user.id);
  const title = chat.customerEmail ?? room?.customerEmail ?? 'Visitor';
  const canShare = user.role !== 'AGENT' && room;
  // Issue 17: whether the visitor wrote in or out of the domain's business hours: the offline
  // form's messages say so, and so does the assistant's record of its latest turn (hours on).
  const hours = writtenInHours(chat.messages ?? []);

  // Follow new messages while the reader is at the bottom; leave them be when they scrolled up.
  useEffect(() => {
    const el = scroller.current;
    if (el && stick.current) el.scrollTop = el.scrollHeight;
  }, [chat.messages, chat.visitorTyping]);

  return (
    <section className={styles.chat} data-testid="chat-window" aria-label={`Conversation with ${title}`}>
      <header className={styles.chatHeader}>
        <Button
          type="text"
          icon={<ArrowLeftOutlined />}
          className={styles.backButton}
          onClick={onBack}
          aria-label="Back to conversations"
        />
        <div className={styles.chatWho}>
          <strong data-testid="chat-title">{title}</strong>
          <span>
            {domain ?? room?.domain}
            {hours === 'out' && (
              <Tag color="orange" className={styles.hoursTag} data-testid="chat-out-of-hours">
                Wrote outside business hours
              </Tag>
            )}
            {hours === 'in' && (
              <Tag color="green" className={styles.hoursTag} data-testid="chat-in-hours">
                Wrote in business hours
              </Tag>
            )}
          </span>
        </div>
        <div className={styles.chatActions}>
          {active.length > 0 && (
            <span
              data-testid="team-presence"
              aria-label={`Also here: ${active.map((m) => m.name).join(', ')}`}
            >
              <Avatar.Group max={{ count: 3 }} size="small">
                {active.map((m) => (
                  <Tooltip key={m.id} title={`${m.name} is active here`}>
                    <Avatar className={styles.presenceAvatar}>{initialsOf(m.name)}</Avatar>
                  </Tooltip>
                ))}
              </Avatar.Group>
            </span>
          )}
          <label className={styles.liveSwitch}>
            <Switch
              checked={chat.live}
              loading={chat.switching}
              onChange={(v) => void chat.switchLive(v)}
              data-testid="live-switch"
              aria-label="Live support"
            />
            <span>Live</span>
          </label>
          {canShare && <SharePicker room={room} selfId={user.id} onRoom={onRoom} />}
          <Button
            icon={<BarChartOutlined />}
            className={styles.insightsButton}
            onClick={onInsights}
            aria-label="Insights"
          />
        </div>
      </header>
      <div
        className={styles.messages}
        ref={scroller}
        onScroll={(e) => {
          const el = e.currentTarget;
          stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
        }}
        data-testid="messages"
        aria-live="polite"
      >
        {chat.loadError && (
          <Alert
            type="error"
            showIcon
            title="The messages could not be loaded"
            description={chat.loadError}
            action={
              <Button icon={<ReloadOutlined />} onClick={() => void chat.reload()}>
                Try again
              </Button>
            }
          />
        )}
        {!chat.messages && !chat.loadError && <Skeleton active paragraph={{ rows: 4 }} />}
        {chat.messages?.length === 0 && <p className={styles.noMessages}>No messages in this chat yet.</p>}
        {chat.messages?.map((m) => (
          <MessageBubble key={m.id} message={m} />
        ))}
        {chat.visitorTyping && (
          <div className={styles.typing} data-testid="typing-indicator" aria-label="The visitor is typing">
            <span />
            <span />
            <span />
            <em>Visitor is typing…</em>
          </div>
        )}
      </div>
      {chat.live ? null : (
        <div className={styles.botNotice}>
          <Tag color="default">Assistant answering</Tag> Turn on Live to take over; your replies still reach
          the visitor.
        </div>
      )}
      <Composer sending={chat.sending} onSend={chat.send} onInput={chat.onInput} />
    </section>
  );
}
