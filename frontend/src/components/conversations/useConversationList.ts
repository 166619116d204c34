'use client';

import {
  CHAT_GLOBAL_CHANNEL,
  RealtimeEventName,
  type ConversationFilter,
  type ShareStatusChanged,
} from '@parley/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useChannel } from '@/lib/realtime/useRealtime';
import { useToast } from '@/components/toast/useToast';
import { fetchRoom, listConversations, roomSummarySchema, type Room } from './api';
import { matchesScope, mergeRoomPatch, patchRoom, upsertRoom, type ListScope, type RoomPatch } from './list';
import { appendPage, mergeFirstPage } from './pages';

/** Spec "History reload debounce": a burst of events or resets refetches once. */
export const RELOAD_DEBOUNCE_MS = 300;

const roomPatchSchema = roomSummarySchema.partial().required({ id: true });

function readPatch(data: unknown): RoomPatch | undefined {
  const room = (data as { room?: unknown } | null)?.room;
  const parsed = roomPatchSchema.safeParse(room);
  return parsed.success ? (parsed.data as RoomPatch) : undefined;
}

export type ConversationList = ReturnType<typeof useConversationList>;

/** Whether a row of `patch` belongs in a list of `scope`'s domain (any, when it names none). */
const inDomainOf = (scope: ListScope, patch: RoomPatch) =>
  !scope.domainId || patch.domainId === scope.domainId;

/**
 * The conversation list of one scope (filter and domain): its first page loaded over REST, more
 * pages on request (`loadMore`), then kept current by chat-global without reloading. A row the
 * list does not hold, a replay the gateway no longer has, or a failed load leads to one debounced
 * refetch of the first page, which keeps the pages loaded below it.
 */
export function useConversationList(openRoomId: string | undefined) {
  const [filter, setFilter] = useState<ConversationFilter>('all');
  const [domainId, setDomainId] = useState<string>();
  const [rooms, setRoomState] = useState<Room[]>();
  // Event handlers read the rows held right now (a state updater would run too late to tell).
  const roomsRef = useRef<Room[] | undefined>(undefined);
  const setRooms = useCallback((next: Room[] | undefined) => {
    roomsRef.current = next;
    setRoomState(next);
  }, []);
  // Where the next page starts; null when the list holds everything down to the oldest room.
  const [nextCursor, setCursorState] = useState<string | null>(null);
  const cursorRef = useRef<string | null>(null);
  const setCursor = useCallback((next: string | null) => {
    cursorRef.current = next;
    setCursorState(next);
  }, []);
  const [loadingMore, setLoadingMore] = useState(false);
  const moreBusy = useRef(false);
  // Counts scope changes: a page asked for under another filter or domain is dropped.
  const scopeGen = useRef(0);
  const [failed, setFailed] = useState(false);
  const toast = useToast();
  const scope: ListScope = { filter, domainId };
  const scopeRef = useRef(scope);
  scopeRef.current = scope;
  const openRef = useRef(openRoomId);
  openRef.current = openRoomId;
  const loadId = useRef(0);
  // Patches pushed while a load is on its way: the answer may predate them, so they go on top.
  const late = useRef<RoomPatch[] | null>(null);
  const timer = useRef<number | undefined>(undefined);

  const loadRef = useRef<() => Promise<void>>(async () => undefined);
  const reloadSoon = useCallback(() => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => void loadRef.current(), RELOAD_DEBOUNCE_MS);
  }, []);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const load = useCallback(async () => {
    const id = ++loadId.current;
    const { filter: f, domainId: d } = scopeRef.current;
    late.current = [];
    try {
      const body = await listConversations(f, d);
      if (id !== loadId.current) return;
      const held = roomsRef.current ? { rooms: roomsRef.current, nextCursor: cursorRef.current } : undefined;
      const loaded = mergeFirstPage(held, { rooms: body.data, nextCursor: body.nextCursor });
      let rows = loaded.rooms;
      let unknown = false;
      for (const p of late.current ?? []) {
        const merged = mergeRoomPatch(rows, p, scopeRef.current, openRef.current);
        rows = merged.rooms;
        unknown ||= merged.unknown && inDomainOf(scopeRef.current, p);
      }
      late.current = null;
      setRooms(rows);
      setCursor(loaded.nextCursor);
      setFailed(false);
      // A change to a row the answer did not hold came while it was on its way: fetch it too.
      if (unknown) reloadSoon();
    } catch {
      if (id !== loadId.current) return;
      late.current = null;
      setFailed(true);
      toast.error(
        'Error refreshing conversations',
        'There was an error loading your conversations. Please try again.',
      );
    }
  }, [toast, setRooms, setCursor, reloadSoon]);
  loadRef.current = load;

  // The open chat whose row was asked for on its own (see below), once per scope.
  const fetchedOpen = useRef<string | undefined>(undefined);

  useEffect(() => {
    scopeGen.current += 1;
    fetchedOpen.current = undefined;
    setRooms(undefined);
    setCursor(null);
    void load();
  }, [load, setRooms, setCursor, filter, domainId]);

  // A chat opened by its link may be older than the pages loaded: its row is read on its own and
  // shown where it sorts (when it belongs to the scope), so the row's state (unread, live) is known.
  useEffect(() => {
    if (!openRoomId || !rooms || fetchedOpen.current === openRoomId) return;
    if (rooms.some((r) => r.id === openRoomId)) return;
    fetchedOpen.current = openRoomId;
    const gen = scopeGen.current;
    fetchRoom(openRoomId).then(
      ({ data }) => {
        const current = roomsRef.current;
        if (gen !== scopeGen.current || !current || !matchesScope(data, scopeRef.current)) return;
        setRooms(upsertRoom(current, data, scopeRef.current));
      },
      // The chat window says what is wrong with a room that cannot be read.
      () => undefined,
    );
  }, [openRoomId, rooms, setRooms]);

  /** The page after the rows held, added below them (one at a time). */
  const loadMore = useCallback(async () => {
    const cursor = cursorRef.current;
    if (!cursor || moreBusy.current || !roomsRef.current) return;
    const gen = scopeGen.current;
    const { filter: f, domainId: d } = scopeRef.current;
    moreBusy.current = true;
    setLoadingMore(true);
    try {
      const body = await listConversations(f, d, cursor);
      const held = roomsRef.current;
      if (gen !== scopeGen.current || !held) return;
      const loaded = appendPage(held, { rooms: body.data, nextCursor: body.nextCursor });
      setRooms(loaded.rooms);
      setCursor(loaded.nextCursor);
    } catch {
      if (gen !== scopeGen.current) return;
      toast.error(
        'Error loading conversations',
        'The next conversations could not be loaded. Please try again.',
      );
    } finally {
      moreBusy.current = false;
      setLoadingMore(false);
    }
  }, [toast, setRooms, setCursor]);

  const applyPatch = (data: unknown) => {
    const patch = readPatch(data);
    if (!patch) return reloadSoon();
    late.current?.push(patch);
    const current = roomsRef.current;
    if (!current) return;
    const merged = mergeRoomPatch(current, patch, scopeRef.current, openRef.current);
    setRooms(merged.rooms);
    // A row the list does not have yet (a new visitor, a room that now matches the filter).
    if (merged.unknown && inDomainOf(scopeRef.current, patch)) reloadSoon();
  };

  useChannel(CHAT_GLOBAL_CHANNEL, {
    events: {
      [RealtimeEventName.chatListUpdate]: applyPatch,
      [RealtimeEventName.newConversation]: applyPatch,
      [RealtimeEventName.customerMessage]: applyPatch,
      [RealtimeEventName.shareStatusChanged]: (data) => {
        const change = data as ShareStatusChanged;
        if (!change || typeof change.roomId !== 'string') return reloadSoon();
        const current = roomsRef.current;
        const known = !!current?.some((r) => r.id === change.roomId);
        if (current) {
          setRooms(
            patchRoom(current, change.roomId, (r) => {
              const others = r.sharedWith.filter((m) => m !== change.memberId);
              return { ...r, sharedWith: change.shared ? [...others, change.memberId] : others };
            }),
          );
        }
        // The shared filter gains or loses a row; an agent gains or loses a room.
        if (!known || scopeRef.current.filter === 'shared') reloadSoon();
      },
    },
    onReset: reloadSoon,
  });

  /** A whole row the API answered with (after live, share). */
  const applyRoom = useCallback(
    (room: Room) => {
      const current = roomsRef.current;
      if (current) setRooms(upsertRoom(current, room, scopeRef.current, openRef.current));
    },
    [setRooms],
  );

  const patch = useCallback(
    (roomId: string, change: (room: Room) => Room) => {
      const current = roomsRef.current;
      if (current) setRooms(patchRoom(current, roomId, change));
    },
    [setRooms],
  );

  return {
    filter,
    setFilter,
    domainId,
    setDomainId,
    rooms,
    failed,
    reload: load,
    hasMore: nextCursor !== null,
    loadingMore,
    loadMore,
    applyRoom,
    patch,
  };
}
