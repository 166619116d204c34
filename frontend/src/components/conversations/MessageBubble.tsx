'use client';

import { isPending, messageDisplay, sanitizeMessageHtml } from '@parley/chat-display';
import { Popover, Tag } from 'antd';
import { decisionLines, titlesFromLink } from './decision';
import type { ChatItem } from './messages';
import styles from './Conversations.module.css';

function time(createdAt: string): string {
  const d = new Date(createdAt);
  return Number.isNaN(d.getTime()) ? '' : d.toLocaleTimeString([], { hour: 'numeric', minute: '2-digit' });
}

/** HTML that went through chat-display's sanitiser (the spec's allow-list), and nothing else. */
function SafeHtml({ content, className }: { content: string; className?: string }) {
  return (
    <div
      className={className}
      data-testid="message-content"
      dangerouslySetInnerHTML={{ __html: sanitizeMessageHtml(content) }}
    />
  );
}

/**
 * One message as the spec's "Chat message display" says (chat-display decides): notes as labelled
 * blue/yellow cards with their time, system texts as centred pills, bubbles with the visitor on
 * the left and the assistant or the team on the right ('Support' with the 'Team' badge).
 */
export function MessageBubble({ message }: { message: ChatItem }) {
  const display = messageDisplay(message);
  const pending = isPending(message);

  if (display.kind === 'pill') {
    return (
      <div className={styles.pillRow} data-testid="system-pill">
        <span className={styles.pill}>{display.text}</span>
      </div>
    );
  }

  if (display.kind === 'note') {
    return (
      <div className={styles.noteRow} data-testid="note" data-note-type={display.noteType}>
        <div className={`${styles.note} ${display.color === 'yellow' ? styles.noteYellow : styles.noteBlue}`}>
          <div className={styles.noteHead}>
            <Tag color={display.color === 'yellow' ? 'gold' : 'blue'} variant="filled">
              {display.label}
            </Tag>
            <span className={styles.noteMeta}>
              {message.teamMemberName && <span>{message.teamMemberName} · </span>}
              {display.time}
              {pending && ' · Sending…'}
            </span>
          </div>
          {display.empty ? (
            <em className={styles.empty}>{display.text}</em>
          ) : (
            <SafeHtml content={display.text} className={styles.html} />
          )}
        </div>
      </div>
    );
  }

  const visitor = display.side === 'visitor';
  return (
    <div
      className={`${styles.bubbleRow} ${visitor ? styles.fromVisitor : styles.fromUs}`}
      data-testid="message"
      data-side={display.side}
      data-pending={pending || undefined}
    >
      <div className={`${styles.bubble} ${visitor ? styles.bubbleVisitor : styles.bubbleUs}`}>
        <div className={styles.bubbleHead}>
          {visitor ? (
            <span>
              Visitor
              {message.offline && (
                <Tag color="orange" className={styles.teamBadge} data-testid="offline-tag">
                  Outside business hours
                </Tag>
              )}
            </span>
          ) : display.sender ? (
            <span>
              {display.sender}{' '}
              <Tag color="purple" className={styles.teamBadge} data-testid="team-badge">
                {display.badge}
              </Tag>
              {display.teamMemberName && <span className={styles.memberName}>{display.teamMemberName}</span>}
            </span>
          ) : (
            <span>
              Assistant
              {message.decision && (
                <WhyButton decision={message.decision} titles={titlesFromLink(display.link)} />
              )}
            </span>
          )}
        </div>
        {display.empty ? (
          <em className={styles.empty}>{display.text}</em>
        ) : (
          <SafeHtml content={display.text} className={styles.html} />
        )}
        {display.link?.action ? (
          // The widget's own actions: shown so the team knows what the visitor was offered.
          <div className={styles.link} data-testid={`message-action-${display.link.action.kind}`}>
            <strong>{display.link.title}</strong>
            <span>
              {display.link.action.kind === 'booking'
                ? 'Offered the booking flow'
                : display.link.action.kind === 'offline-form'
                  ? 'Outside business hours: offered the offline form'
                  : (display.link.description ?? 'Help article')}
            </span>
          </div>
        ) : (
          display.link && (
            <a
              className={styles.link}
              href={display.link.href}
              target="_blank"
              rel="noopener noreferrer nofollow"
            >
              <strong>{display.link.title}</strong>
              {display.link.description && <span>{display.link.description}</span>}
            </a>
          )
        )}
        <div className={styles.bubbleTime}>{pending ? 'Sending…' : time(message.createdAt)}</div>
      </div>
    </div>
  );
}

/** "Why?" beside an assistant message: the record of what it understood and where it answered from. */
function WhyButton({
  decision,
  titles,
}: {
  decision: Record<string, unknown>;
  titles: ReadonlyMap<string, string>;
}) {
  const lines = decisionLines(decision, titles);
  if (lines.length === 0) return null;
  return (
    <Popover
      title="Why the assistant said this"
      trigger="click"
      content={
        <dl className={styles.decision} data-testid="decision-details">
          {lines.map((l) => (
            <div key={l.label}>
              <dt>{l.label}</dt>
              <dd>{l.value}</dd>
            </div>
          ))}
        </dl>
      }
    >
      <button type="button" className={styles.whyButton} data-testid="decision-why">
        Why?
      </button>
    </Popover>
  );
}
