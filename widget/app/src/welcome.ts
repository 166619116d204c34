import type { ChatMessage } from '@parley/contracts';

/**
 * The chat tab shows the domain's welcome message at its top from the start. The assistant's
 * greeting writes that same text into the room once the visitor speaks (so the team sees what the
 * visitor saw): the widget leaves that copy out rather than show the welcome twice.
 */
export function withoutRepeatedWelcome(messages: ChatMessage[], welcome: string): ChatMessage[] {
  const text = welcome.trim();
  if (!text) return messages;
  const first = messages.findIndex((m) => m.role === 'assistant' && !m.isNote);
  if (first < 0) return messages;
  const m = messages[first]!;
  if (m.teamMemberId || m.content.trim() !== text) return messages;
  return messages.filter((_, i) => i !== first);
}
