import DOMPurify, { type Config, type DOMPurify as Purifier } from 'dompurify';
import { safeHref } from './links';

/** Spec "Validation > Messages". */
export const ALLOWED_MESSAGE_TAGS = ['b', 'i', 'em', 'strong', 'a', 'p', 'br', 'ul', 'ol', 'li'];
export const ALLOWED_MESSAGE_ATTRIBUTES = ['href', 'target', 'rel'];
export const FORBIDDEN_MESSAGE_TAGS = ['style', 'script', 'iframe', 'form', 'input', 'button'];
export const LINK_REL = 'noopener noreferrer nofollow';

const CONFIG: Config = {
  ALLOWED_TAGS: ALLOWED_MESSAGE_TAGS,
  ALLOWED_ATTR: ALLOWED_MESSAGE_ATTRIBUTES,
  FORBID_TAGS: FORBIDDEN_MESSAGE_TAGS,
  FORBID_ATTR: ['style'],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
};

let purifier: Purifier | null = null;

/**
 * Our own instance, so the link hook never leaks into another DOMPurify user on the page. Null
 * without a DOM (DOMPurify then returns its input unchanged, which must never reach a page).
 */
function messagePurifier(): Purifier | null {
  if (purifier) return purifier;
  // Read off globalThis: this package is also type-checked by the Node programs, which have no DOM lib.
  const win = (globalThis as { window?: unknown }).window;
  if (!win) return null;
  const instance = DOMPurify(win as Parameters<typeof DOMPurify>[0]);
  if (!instance.isSupported) return null;
  instance.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName !== 'A') return;
    node.setAttribute('href', safeHref(node.getAttribute('href')));
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', LINK_REL);
  });
  purifier = instance;
  return instance;
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

const LOOKS_LIKE_HTML = /<\/?[a-z][^>]*>/i;

/** Plain text as bubble HTML: escaped, its line breaks kept. */
const textAsHtml = (text: string) => escapeHtml(text).replace(/\r?\n/g, '<br>');

/**
 * Whether sanitised markup shows any text. It holds only the allow-list's tags (none of which
 * shows anything without text) and the entities the serialiser writes; &nbsp; is blank too.
 */
const showsText = (html: string) => /\S/.test(html.replace(/<[^>]*>/g, '').replace(/&nbsp;/g, ' '));

/**
 * Message content as safe HTML for a bubble: markup is cut down to the spec's allow-list, links
 * become http(s)-only new-tab links, and plain text keeps its line breaks. Content that was
 * nothing but markup the allow-list removes (an image, a script, an empty link) shows as its own
 * text, escaped: a bubble with nothing in it would hide from the reader what was sent, and
 * 'Empty message' is only for content that really is empty.
 */
export function sanitizeMessageHtml(content: string | null | undefined): string {
  const text = content ?? '';
  if (!LOOKS_LIKE_HTML.test(text)) return textAsHtml(text);
  const instance = messagePurifier();
  if (!instance) return textAsHtml(text);
  const withBreaks = text.includes('<br') || text.includes('<p') ? text : text.replace(/\r?\n/g, '<br>');
  const html = instance.sanitize(withBreaks, CONFIG) as unknown as string;
  return showsText(html) || !text.trim() ? html : textAsHtml(text);
}

const SCRIPT_BLOCK = /<script\b[^>]*>[\s\S]*?<\/script\s*>/gi;
const SCRIPT_TAG = /<\/?script\b[^>]*>?/gi;

/**
 * Spec "Outgoing chat text is trimmed, script tags removed, empty ignored": the text to send, or
 * null when nothing is left.
 */
export function prepareOutgoingText(text: string): string | null {
  let previous: string;
  let cleaned = text;
  // Removing one tag can join the halves of an obfuscated one ("<scr<script>ipt>"): repeat.
  do {
    previous = cleaned;
    cleaned = cleaned.replace(SCRIPT_BLOCK, '').replace(SCRIPT_TAG, '');
  } while (cleaned !== previous);
  cleaned = cleaned.trim();
  return cleaned ? cleaned : null;
}
