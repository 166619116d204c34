'use client';

import {
  ClientSocketEvent,
  modeChannel,
  presenceChannel,
  PRESENCE_CHECK_MS,
  RealtimeEventName,
  roomChannel,
  TYPING_RESET_MS,
  type ModeChange,
  type NoteType,
  type TeamMemberActive,
  type TypingStatus,
} from '@parley/contracts';
import {
  createTypingSignal,
  dropOptimistic,
  newClientId,
  nextTypingIndicator,
  prepareOutgoingText,
  upsertMessage,
  type TypingIndicatorEvent,
  type TypingSignal,
} from '@parley/chat-display';
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorSentence } from '@/lib/api/errors';
import { useChannel, useRealtimeClient } from '@/lib/realtime/useRealtime';
import { useSession } from '@/components/dashboard/SessionProvider';
import { useToast } from '@/components/toast/useToast';
import {
  chatMessageSchema,
  fetchMessages,
  fetchPresence,
  markSeen,
  postMessage,
  reportTeamActivity,
  setLive as postLive,
  type Room,
} from './api';
import { shouldMarkSeen } from './list';
import {
  fromChatMessage,
  fromOwnerMessage,
  optimisticMessage,
  mergeHistory,
  type ChatItem,
} from './messages';
import { recordActivity, toEpoch, type PresenceMap } from './presence';
import { RELOAD_DEBOUNCE_MS } from './useConversationList';

export type ChatState = ReturnType<typeof useChat>;

/**
 * One open chat: its history (GET .../messages, reloaded debounced on a replay reset and when
 * live mode goes off), the room's channels ({room}, {room}-mode, {room}-presence), optimistic
 * sending, the live switch, marking seen, the visitor's typing indicator and our own typing
 * signal, and team presence (our activity reported on open and every 60 s).
 */
export function useChat(
  roomId: string,
  row: Room | undefined,
  list: { applyRoom(room: Room): void; patch(roomId: string, change: (room: Room) => Room): void },
) {
  const { user } = useSession();
  const toast = useToast();
  const client = useRealtimeClient();
  const [messages, setMessages] = useState<ChatItem[]>();
  const [live, setLiveState] = useState(row?.live ?? false);
  const [customerEmail, setCustomerEmail] = useState<string | null>(row?.customerEmail ?? null);
  const [loadError, setLoadError] = useState<string>();
  const [sending, setSending] = useState(false);
  const [switching, setSwitching] = useState(false);
  const [visitorTyping, setVisitorTyping] = useState(false);
  const [presence, setPresence] = useState<PresenceMap>({});
  const sendingRef = useRef(false);
  const loadId = useRef(0);
  const reloadTimer = useRef<number | undefined>(undefined);
  const typingTimer = useRef<number | undefined>(undefined);

  const load = useCallback(async () => {
    const id = ++loadId.current;
    try {
      const body = await fetchMessages(roomId);
      if (id !== loadId.current) return;
      setMessages((current) => mergeHistory(current ?? [], body.messages.map(fromOwnerMessage)));
      setLiveState(body.live);
      setCustomerEmail(body.customerEmail ?? null);
      setLoadError(undefined);
    } catch (e) {
      if (id !== loadId.current) return;
      setLoadError(errorSentence(e));
    }
  }, [roomId]);

  const reloadSoon = useCallback(() => {
    window.clearTimeout(reloadTimer.current);
    reloadTimer.current = window.setTimeout(() => void load(), RELOAD_DEBOUNCE_MS);
  }, [load]);

  const seen = useCallback(() => {
    list.patch(roomId, (r) => ({ ...r, unread: false }));
    markSeen(roomId).catch(() => undefined);
  }, [list, roomId]);

  // Opening the chat (the component is keyed by room): history and presence.
  useEffect(() => {
    void load();
    const controller = new AbortController();
    fetchPresence(roomId, controller.signal)
      .then((body) => {
        let map: PresenceMap = {};
        for (const p of body.data) {
          const at = toEpoch(p.lastActive);
          if (at !== null) map = recordActivity(map, p.id, p.name, at);
        }
        setPresence((current) => ({ ...map, ...current }));
      })
      .catch(() => undefined);
    const report = () => void reportTeamActivity(roomId).catch(() => undefined);
    report();
    const activity = window.setInterval(report, PRESENCE_CHECK_MS);
    return () => {
      controller.abort();
      window.clearInterval(activity);
      window.clearTimeout(reloadTimer.current);
      window.clearTimeout(typingTimer.current);
    };
  }, [roomId, load]);

  // Marking seen on open (spec "Unread and urgent"), judged once the list row is known: on a
  // reload with ?room= the list may answer after the chat opened.
  const seenChecked = useRef(false);
  useEffect(() => {
    if (seenChecked.current || !row) return;
    seenChecked.current = true;
    if (shouldMarkSeen(row, Date.now())) seen();
  }, [row, seen]);

  const rowLive = row?.live;
  useEffect(() => {
    if (rowLive !== undefined) setLiveState(rowLive);
  }, [rowLive]);

  const showTyping = (event: TypingIndicatorEvent) => {
    window.clearTimeout(typingTimer.current);
    const next = nextTypingIndicator(event);
    setVisitorTyping(next);
    // A lost "not typing" must not leave the indicator on.
    if (next) typingTimer.current = window.setTimeout(() => showTyping({ type: 'expired' }), TYPING_RESET_MS);
  };

  const onMode = (data: unknown) => {
    const change = data as ModeChange;
    if (typeof change?.live !== 'boolean') return;
    setLiveState(change.live);
    list.patch(roomId, (r) => ({ ...r, live: change.live }));
    if (!change.live) reloadSoon();
  };

  useChannel(roomChannel(roomId), {
    events: {
      [RealtimeEventName.chatMessage]: (data) => {
        const parsed = chatMessageSchema.safeParse(data);
        if (!parsed.success) return reloadSoon();
        const message = fromChatMessage(parsed.data);
        setMessages((current) => upsertMessage(current ?? [], message));
        if (message.role === 'user') {
          showTyping({ type: 'message' });
          // The chat is open in front of us: the visitor's new message is read.
          if (document.visibilityState === 'visible') seen();
        }
      },
      [RealtimeEventName.typingStatus]: (data) => {
        const status = data as TypingStatus;
        if (status && !status.agent) showTyping({ type: 'status', isTyping: !!status.isTyping });
      },
      [RealtimeEventName.realtimeMode]: onMode,
    },
    onReset: reloadSoon,
  });
  useChannel(modeChannel(roomId), {
    events: { [RealtimeEventName.modeChange]: onMode },
    onReset: reloadSoon,
  });
  useChannel(presenceChannel(roomId), {
    events: {
      [RealtimeEventName.teamMemberActive]: (data) => {
        const active = data as TeamMemberActive;
        if (!active || typeof active.memberId !== 'string') return;
        setPresence((current) =>
          recordActivity(current, active.memberId, active.memberName, Number(active.timestamp) || Date.now()),
        );
      },
    },
  });

  // Our typing goes to the visitor over the socket (debounced 500 ms, off again after 3 s).
  const typing = useRef<TypingSignal | null>(null);
  useEffect(() => {
    const signal = createTypingSignal((isTyping) => {
      void client?.send(ClientSocketEvent.typing, { roomId, isTyping });
    });
    typing.current = signal;
    return () => {
      signal.stop();
      signal.dispose();
    };
  }, [client, roomId]);

  const send = useCallback(
    async (text: string, note: NoteType | null): Promise<boolean> => {
      const content = prepareOutgoingText(text);
      if (!content || sendingRef.current) return false;
      sendingRef.current = true;
      setSending(true);
      typing.current?.stop();
      const clientId = newClientId();
      const temp = optimisticMessage(
        clientId,
        content,
        { id: user.id, name: user.fullname },
        note,
        new Date(),
      );
      setMessages((current) => [...(current ?? []), temp]);
      try {
        const body = await postMessage(roomId, {
          content,
          clientId,
          ...(note ? { isNote: true, noteType: note } : {}),
        });
        setMessages((current) => upsertMessage(current ?? [], fromOwnerMessage(body.data)));
        return true;
      } catch {
        setMessages((current) => dropOptimistic(current ?? [], clientId));
        toast.error('Error sending message', "Your message couldn't be sent. Please try again.");
        return false;
      } finally {
        sendingRef.current = false;
        setSending(false);
      }
    },
    [roomId, toast, user.fullname, user.id],
  );

  const switchLive = useCallback(
    async (next: boolean) => {
      setSwitching(true);
      try {
        const body = await postLive(roomId, next);
        setLiveState(body.data.live);
        list.applyRoom(body.data);
        if (!body.data.live) reloadSoon();
        else void load();
      } catch (e) {
        toast.error('Failed to update live support', errorSentence(e));
      } finally {
        setSwitching(false);
      }
    },
    [list, load, reloadSoon, roomId, toast],
  );

  return {
    messages,
    loadError,
    reload: load,
    live,
    customerEmail,
    sending,
    switching,
    visitorTyping,
    presence,
    send,
    switchLive,
    onInput: () => typing.current?.input(),
  };
}
