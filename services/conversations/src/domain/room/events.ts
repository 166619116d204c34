import {
  ConversationsEvent,
  type LiveModeChanged,
  type MessagePosted,
  type RoomMailed,
  type RoomOpened,
  type RoomReassigned,
  type RoomSeen,
  type RoomShared,
  type RoomUnshared,
} from '@parley/contracts';
import type { DomainEvent } from '@parley/eventstore';

/**
 * A chat room (subject conversations.room.<roomId>). Every event is public (payloads in
 * @parley/contracts conversations/events.ts) and carries the room's audience after the event.
 */
export const RoomEventType = {
  Opened: ConversationsEvent.RoomOpened,
  MessagePosted: ConversationsEvent.MessagePosted,
  LiveModeChanged: ConversationsEvent.LiveModeChanged,
  Seen: ConversationsEvent.RoomSeen,
  Shared: ConversationsEvent.RoomShared,
  Unshared: ConversationsEvent.RoomUnshared,
  Mailed: ConversationsEvent.RoomMailed,
  Reassigned: ConversationsEvent.RoomReassigned,
} as const;

export type RoomOpenedEvent = DomainEvent<typeof RoomEventType.Opened, RoomOpened>;
export type MessagePostedEvent = DomainEvent<typeof RoomEventType.MessagePosted, MessagePosted>;
export type LiveModeChangedEvent = DomainEvent<typeof RoomEventType.LiveModeChanged, LiveModeChanged>;
export type RoomSeenEvent = DomainEvent<typeof RoomEventType.Seen, RoomSeen>;
export type RoomSharedEvent = DomainEvent<typeof RoomEventType.Shared, RoomShared>;
export type RoomUnsharedEvent = DomainEvent<typeof RoomEventType.Unshared, RoomUnshared>;
export type RoomMailedEvent = DomainEvent<typeof RoomEventType.Mailed, RoomMailed>;
export type RoomReassignedEvent = DomainEvent<typeof RoomEventType.Reassigned, RoomReassigned>;

export type RoomEvent =
  | RoomOpenedEvent
  | MessagePostedEvent
  | LiveModeChangedEvent
  | RoomSeenEvent
  | RoomSharedEvent
  | RoomUnsharedEvent
  | RoomMailedEvent
  | RoomReassignedEvent;
