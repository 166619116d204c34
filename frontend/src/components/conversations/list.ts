import { URGENT_CHAT_MS, type ConversationFilter } from '@parley/contracts';
import { messageDisplay } from '@parley/chat-display';
import type { Room } from './api';
import { previewText } from './text';

/**
 * The conversation list's rules (spec "Unread and urgent"), apart from React so they are tested
 * on their own. Times are epoch ms; `now` is passed in.
 */

/** "Recent" for marking seen on open: the last message is under a day old. */
export const RECENT_CHAT_MS = 24 * 60 * 60 * 1000;

/** When the room last changed for the list: its last message, else the room's own update. */
export function lastActivityAt(room: Room): number {
  const at = Date.parse(room.lastMessage?.createdAt ?? room.updatedAt);
  return Number.isNaN(at) ? 0 : at;
}

function sameLocalDay(a: number, b: number): boolean {
  const x = new Date(a);
  const y = new Date(b);
  return x.getFullYear() === y.getFullYear() && x.getMonth() === y.getMonth() && x.getDate() === y.getDate();
}

/** Urgent: the last message is from today and under 2 hours old. */
export function isUrgentAt(lastMessageAt: number | undefined, now: number): boolean {
  if (lastMessageAt === undefined || Number.isNaN(lastMessageAt)) return false;
  const age = now - lastMessageAt;
  return age >= -60_000 && age < URGENT_CHAT_MS && sameLocalDay(lastMessageAt, now);
}

export function isUrgent(room: Room, now: number): boolean {
  return room.lastMessage ? isUrgentAt(Date.parse(room.lastMessage.createdAt), now) : false;
}

/** Unread: the latest message is not seen (the server's flag, which it keeps per room). */
export function isUnread(room: Room): boolean {
  return room.unread;
}

export function isRecent(room: Room, now: number): boolean {
  return room.lastMessage ? now - Date.parse(room.lastMessage.createdAt) < RECENT_CHAT_MS : false;
}

/** Opening a chat marks it seen when it is unread and recent or urgent. */
export function shouldMarkSeen(room: Room, now: number): boolean {
  return isUnread(room) && (isRecent(room, now) || isUrgent(room, now));
}

export interface ListScope {
  filter: ConversationFilter;
  /** undefined: every domain of the account. */
  domainId?: string;
}

/** Whether a room belongs in the list shown for `scope` (used for rows pushed over the socket). */
export function matchesScope(room: Room, scope: ListScope): boolean {
  if (scope.domainId && room.domainId !== scope.domainId) return false;
  switch (scope.filter) {
    case 'all':
      return true;
    case 'unread':
      return isUnread(room);
    case 'live':
      return room.live;
    case 'shared':
      return room.sharedWith.length > 0;
  }
}

/** The list's order: newest activity first; ties by id, highest first as the server pages them. */
export function compareRooms(a: Room, b: Room): number {
  return lastActivityAt(b) - lastActivityAt(a) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
}

export function sortRooms(rooms: Room[]): Room[] {
  return [...rooms].sort(compareRooms);
}

/** chat-global's row: the fields the event determines (contracts RoomSummaryPatch). */
export type RoomPatch = Pick<Room, 'id'> & Partial<Room>;

/**
 * Merges a row pushed by chat-global into the list. A known row takes the patch's fields (a new
 * last message counts one more message when the patch does not say the count); it leaves the list
 * when it no longer belongs to the scope, except `keepId` (the open chat), so reading a chat under
 * "unread" does not make it jump away. A patch older than the row held is ignored (replayed
 * events can come late). A row the list does not hold yet is reported as `unknown`: the caller
 * refetches the list, since a patch lacks fields the row shows (domain, customer email).
 */
export function mergeRoomPatch(
  rooms: Room[],
  patch: RoomPatch,
  scope: ListScope,
  keepId?: string,
): { rooms: Room[]; unknown: boolean } {
  const current = rooms.find((r) => r.id === patch.id);
  if (!current) return { rooms, unknown: true };
  if (patch.updatedAt && Date.parse(current.updatedAt) > Date.parse(patch.updatedAt)) {
    return { rooms, unknown: false };
  }
  const defined = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
  const merged: Room = { ...current, ...defined };
  const newMessage = patch.lastMessage && patch.lastMessage.id !== current.lastMessage?.id;
  if (newMessage && patch.messageCount === undefined) merged.messageCount = current.messageCount + 1;
  const rest = rooms.filter((r) => r.id !== patch.id);
  if (!matchesScope(merged, scope) && merged.id !== keepId) return { rooms: rest, unknown: false };
  return { rooms: sortRooms([...rest, merged]), unknown: false };
}

/** A whole row from the API (after live, share): replaces or adds it, in scope or kept open. */
export function upsertRoom(rooms: Room[], room: Room, scope: ListScope, keepId?: string): Room[] {
  const rest = rooms.filter((r) => r.id !== room.id);
  if (!matchesScope(room, scope) && room.id !== keepId) return rest;
  return sortRooms([...rest, room]);
}

/** Applies a change to one row (e.g. seen locally, shared) without waiting for the server. */
export function patchRoom(rooms: Room[], roomId: string, patch: (room: Room) => Room): Room[] {
  return rooms.map((r) => (r.id === roomId ? patch(r) : r));
}

export const FILTER_LABELS: Record<ConversationFilter, string> = {
  all: 'All',
  unread: 'Unread',
  live: 'Live',
  shared: 'Shared',
};

/** Who reads the list: a message is "You" only when this member wrote it. */
export interface ListReader {
  id: string;
}

/**
 * The row's preview of the last message: a note with its label, a system text (live on, chat
 * ended) as it is, the assistant's words as the assistant's, a team member's under their name,
 * and "You" only for the reader's own (an agent reading the owner's reply sees the owner's name).
 */
export function preview(room: Room, reader: ListReader): string {
  const last = room.lastMessage;
  if (!last) return 'No messages yet';
  const display = messageDisplay(last);
  if (display.kind === 'note') return `${display.label}: ${previewText(display.text)}`;
  if (display.kind === 'pill') return display.text;
  const text = previewText(display.text) || 'Empty message';
  if (last.role !== 'assistant') return text;
  if (!last.teamMemberId) return `Assistant: ${text}`;
  if (last.teamMemberId === reader.id) return `You: ${text}`;
  return `${last.teamMemberName?.trim() || 'Team'}: ${text}`;
}
