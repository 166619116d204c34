import type { ChatItem } from './messages';

/**
 * Issue 17: whether the visitor's latest writing was within the domain's business hours. A
 * message left with the offline form is outside them; otherwise the assistant's record of its
 * latest turn says (`inHours`, only while business hours are on). null: nothing says (hours off,
 * or no turn of the assistant yet).
 */
export function writtenInHours(messages: readonly ChatItem[]): 'in' | 'out' | null {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i]!;
    if (m.offline) return 'out';
    const inHours = m.decision?.inHours;
    if (typeof inHours === 'boolean') return inHours ? 'in' : 'out';
  }
  return null;
}
