/**
 * A message's content as plain text, for the list's preview and the insights (never rendered as
 * HTML: React escapes it). Blocks that are not text (script, style, iframe...) go with their
 * content, tags become spaces, the entities the sanitiser writes are decoded.
 */
const HIDDEN_BLOCKS = /<(script|style|iframe|template|noscript|textarea|title)\b[^>]*>[\s\S]*?<\/\1\s*>/gi;
const TAG = /<\/?[a-z!][^>]*>?/gi;
const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  '#39': "'",
};

export function plainText(content: string | null | undefined): string {
  return (content ?? '')
    .replace(HIDDEN_BLOCKS, ' ')
    .replace(TAG, ' ')
    .replace(/&(amp|lt|gt|quot|apos|nbsp|#39);/g, (_, name: string) => ENTITIES[name] ?? '')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The list's one-line preview. Content that was nothing but markup shows as it was written, as
 * the chat shows it (chat-display's sanitiser): the team sees what was sent.
 */
export function previewText(content: string | null | undefined, max = 90): string {
  const text = plainText(content) || (content ?? '').replace(/\s+/g, ' ').trim();
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}
