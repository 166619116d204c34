import { MAX_MESSAGE_LENGTH } from '@parley/contracts';
import { emptyMessage, messageTooLong } from './errors';

// Whole script elements, and an opening tag left without its end (everything after it goes).
const SCRIPT_ELEMENT = /<script\b[^>]*>[\s\S]*?<\/script\s*>/gi;
const OPEN_SCRIPT = /<script\b[^>]*>[\s\S]*$/i;
const STRAY_SCRIPT_END = /<\/script\s*>/gi;

/**
 * A visitor's text as it is stored: trimmed, script elements removed. Everything else is kept as
 * written; whoever renders it escapes it.
 */
export function cleanVisitorText(content: string): string {
  const cleaned = content
    .replace(SCRIPT_ELEMENT, '')
    .replace(OPEN_SCRIPT, '')
    .replace(STRAY_SCRIPT_END, '')
    .trim();
  return checkedText(cleaned);
}

/** Refuses text that is empty (after trimming) or longer than MAX_MESSAGE_LENGTH. */
export function checkedText(content: string): string {
  if (content.trim() === '') throw emptyMessage();
  if (content.length > MAX_MESSAGE_LENGTH) throw messageTooLong();
  return content;
}

// The chat display's implicit-note marker ("[Internal Note]"), spec "Chat message display".
const INTERNAL_NOTE_MARKER = /\[\s*internal\s+note\s*\]/i;

/**
 * A team message carrying the marker is shown as an internal note, so it is stored as one: the
 * visitor must never receive what the team's screen labels internal.
 */
export const hasInternalNoteMarker = (content: string): boolean => INTERNAL_NOTE_MARKER.test(content);
