import {
  CHAT_ENDED_TEXT,
  EMPTY_MESSAGE,
  LIVE_SUPPORT_ENABLED_TEXT,
  type ChatMessage,
  type NoteType,
} from '@parley/contracts';
import { parseMessageLink, type MessageLink } from './links';

/** Spec section 9 "Note time format". */
export const NOTE_TIME_FORMAT = 'MMM d, h:mm a';
/** Spec section 9 "Message bubble max width". */
export const MESSAGE_BUBBLE_MAX_WIDTH = '85%';

export const NOTE_LABELS: Record<NoteType, { label: string; color: 'yellow' | 'blue' }> = {
  transfer: { label: 'Transfer Note', color: 'yellow' },
  internal: { label: 'Internal Note', color: 'blue' },
};

/** The bracketed marker that makes any message an implicit internal note, e.g. "[Internal Note]". */
const INTERNAL_MARKER = /\[\s*internal\s+note\s*\]\s*:?/gi;

/** What a display needs from a message: the widget's ChatMessage and the owner's shape both fit. */
export type DisplayableMessage = Pick<ChatMessage, 'role' | 'createdAt'> &
  Partial<Pick<ChatMessage, 'teamMemberId' | 'teamMemberName' | 'isNote' | 'noteType' | 'link'>> & {
    content?: string | null;
  };

export type MessageDisplay =
  | { kind: 'pill'; text: string }
  | {
      kind: 'note';
      noteType: NoteType;
      label: string;
      color: 'yellow' | 'blue';
      time: string;
      text: string;
      empty: boolean;
    }
  | {
      kind: 'bubble';
      side: 'visitor' | 'assistant';
      /** 'Support' for a team member's answer (with the 'Team' badge); null for bot and visitor. */
      sender: string | null;
      badge: 'Team' | null;
      teamMemberName: string | null;
      text: string;
      empty: boolean;
      link: MessageLink | null;
    };

export function isSystemText(content: string | null | undefined): boolean {
  return !!content && (content.includes(LIVE_SUPPORT_ENABLED_TEXT) || content.includes(CHAT_ENDED_TEXT));
}

/**
 * The platform's date formatter, not a date library's: the widget ships this code to every page
 * view of a customer's site, and a library's `format` brings its locale with it. The parts are
 * joined by hand so the text is NOTE_TIME_FORMAT's to the letter (browsers put a narrow no-break
 * space before AM/PM).
 */
const NOTE_TIME = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
});

export function formatNoteTime(createdAt: string | Date): string {
  const date = typeof createdAt === 'string' ? new Date(createdAt) : createdAt;
  if (Number.isNaN(date.getTime())) return '';
  const parts = NOTE_TIME.formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('month')} ${part('day')}, ${part('hour')}:${part('minute')} ${part('dayPeriod')}`;
}

function textOrEmpty(content: string): { text: string; empty: boolean } {
  return content.trim() ? { text: content, empty: false } : { text: EMPTY_MESSAGE, empty: true };
}

/** Spec "Chat message display": how one message shows, decided without rendering. */
export function messageDisplay(message: DisplayableMessage): MessageDisplay {
  const content = message.content ?? '';
  const implicitInternal = INTERNAL_MARKER.test(content);
  INTERNAL_MARKER.lastIndex = 0;
  if (message.isNote || implicitInternal) {
    const noteType: NoteType = message.isNote && message.noteType ? message.noteType : 'internal';
    const stripped = implicitInternal ? content.replace(INTERNAL_MARKER, '').trim() : content;
    return {
      kind: 'note',
      noteType,
      ...NOTE_LABELS[noteType],
      time: formatNoteTime(message.createdAt),
      ...textOrEmpty(stripped),
    };
  }
  if (isSystemText(content)) return { kind: 'pill', text: content.trim() };
  const team = message.role === 'assistant' && !!message.teamMemberId;
  return {
    kind: 'bubble',
    side: message.role === 'user' ? 'visitor' : 'assistant',
    sender: team ? 'Support' : null,
    badge: team ? 'Team' : null,
    teamMemberName: team ? (message.teamMemberName ?? null) : null,
    ...textOrEmpty(content),
    link: parseMessageLink(message.link),
  };
}
