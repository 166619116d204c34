import {
  addOptimistic,
  createTypingSignal,
  dropOptimistic,
  isPending,
  newClientId,
  prepareOutgoingText,
  TEMP_ID_PREFIX,
  upsertMessage,
} from '@parley/chat-display';
import { TYPING_RESET_MS, type ChatMessage } from '@parley/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, widgetApi } from './api';
import { inArrivalOrder } from './in-order';
import { connectRoom, type RoomConnection } from './realtime';
import type { VisitorSessions } from './session';
import { browserStore } from './storage';

/**
 * A bot reply shows no sooner than this after the bot's typing indicator appeared: the retrieval
 * engine answers in milliseconds, and without a pause the indicator (and with it any sign that
 * the assistant read the message) would flash by unseen or be merged away in one render.
 */
export const MIN_BOT_TYPING_MS = 400;

export interface ChatState {
  messages: ChatMessage[];
  live: boolean;
  sending: boolean;
  agentTyping: boolean;
  /** The assistant's reply as it is being written (language-model engine); null when none. */
  botDraft: string | null;
  error: string | null;
  ready: boolean;
}

/**
 * The chat tab's state: history (from the browser first, then the server), optimistic sending,
 * live updates over the socket, and the visitor's typing signal.
 */
export function useChat(domainId: string, sessions: VisitorSessions, active: boolean) {
  const [state, setState] = useState<ChatState>(() => ({
    messages: browserStore.load(domainId)?.messages ?? [],
    live: false,
    sending: false,
    agentTyping: false,
    botDraft: null,
    error: null,
    ready: false,
  }));
  const roomRef = useRef<{ id: string; conn: RoomConnection } | null>(null);
  const sendingRef = useRef(false);
  const typingTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  /** When the current typing indicator appeared (null: none), and a count of indicators started. */
  const typingShownAt = useRef<number | null>(null);
  const typingRun = useRef(0);
  /** Held bot replies (and the indicator's end), released in the order they came. */
  const held = useRef(inArrivalOrder());
  /** One list per history read in flight: the live messages shown while it was on its way. */
  const shownDuringReload = useRef(new Set<ChatMessage[]>());

  /** Call with each message shown from outside a history read, so a read in flight keeps it. */
  const keepThroughReloads = useCallback((m: ChatMessage) => {
    for (const meanwhile of shownDuringReload.current) meanwhile.push(m);
  }, []);

  const patch = useCallback((p: Partial<ChatState> | ((s: ChatState) => Partial<ChatState>)) => {
    setState((s) => ({ ...s, ...(typeof p === 'function' ? p(s) : p) }));
  }, []);

  const reload = useCallback(async () => {
    const shownMeanwhile: ChatMessage[] = [];
    shownDuringReload.current.add(shownMeanwhile);
    let chat: Awaited<ReturnType<typeof widgetApi.chat>>;
    let session: Awaited<ReturnType<typeof sessions.ensure>>;
    try {
      session = await sessions.ensure();
      chat = await widgetApi.chat(session.token);
    } finally {
      shownDuringReload.current.delete(shownMeanwhile);
    }
    // The server read the history before answering: a reply that reached the socket meanwhile
    // (the assistant's first answer, typically) may be missing from it and must not be dropped.
    const history = shownMeanwhile.reduce(upsertMessage, chat.messages);
    patch((s) => ({
      // Messages still being sent stay until their answer arrives.
      messages: [...history, ...s.messages.filter(isPending)],
      live: chat.room?.live ?? false,
      ready: true,
      error: null,
    }));
    return chat.room?.id ?? session.roomId;
  }, [sessions, patch]);

  const stopAgentTyping = useCallback(() => {
    if (typingTimer.current) clearTimeout(typingTimer.current);
    typingTimer.current = null;
  }, []);

  /** The bot (or a team member) started typing: the indicator, with a timer in case no 'stopped' comes. */
  const agentTypingStarted = useCallback(() => {
    stopAgentTyping();
    typingRun.current++;
    typingShownAt.current ??= Date.now();
    // A lost 'not typing' must not leave the indicator on for ever.
    typingTimer.current = setTimeout(() => {
      typingShownAt.current = null;
      patch({ agentTyping: false });
    }, TYPING_RESET_MS * 2);
    patch({ agentTyping: true });
  }, [patch, stopAgentTyping]);

  /** Runs `show` once the typing indicator has been up for MIN_BOT_TYPING_MS (at once if it has). */
  const afterTypingShown = useCallback((show: () => void) => {
    const shownAt = typingShownAt.current;
    held.current.runAt(shownAt === null ? 0 : shownAt + MIN_BOT_TYPING_MS, show);
  }, []);

  const joinRoom = useCallback(
    (roomId: string | null) => {
      if (!roomId || roomRef.current?.id === roomId) return;
      roomRef.current?.conn.close();
      const conn = connectRoom(
        roomId,
        () => sessions.token(),
        {
          message: (m) => {
            const fromBot = m.role === 'assistant' && !m.teamMemberId;
            const show = () => {
              keepThroughReloads(m);
              // The visitor's own message (its echo) says nothing about who is typing back.
              if (m.role === 'user') return patch((s) => ({ messages: upsertMessage(s.messages, m) }));
              stopAgentTyping();
              typingShownAt.current = null;
              // A posted reply is the truth: it ends the draft that was streaming.
              patch((s) => ({
                messages: upsertMessage(s.messages, m),
                agentTyping: false,
                botDraft: fromBot ? null : s.botDraft,
              }));
            };
            if (fromBot) afterTypingShown(show);
            else show();
          },
          typing: (t) => {
            if (!t.agent) return;
            if (t.isTyping) return agentTypingStarted();
            const run = typingRun.current;
            afterTypingShown(() => {
              if (run !== typingRun.current) return; // typing started again meanwhile
              stopAgentTyping();
              typingShownAt.current = null;
              patch({ agentTyping: false });
            });
          },
          stream: (text) => {
            stopAgentTyping();
            // An empty draft is the assistant withdrawing it (its answer was stopped).
            patch({ botDraft: text === '' ? null : text, agentTyping: false });
          },
          mode: (live) => {
            // The team has the room: whatever the bot was writing will not be posted.
            if (live) {
              stopAgentTyping();
              typingShownAt.current = null;
              patch({ live, botDraft: null, agentTyping: false });
            } else patch({ live });
            // Spec "Live mode": when turned off, messages are reloaded.
            if (!live) void reload().catch(() => undefined);
          },
          reset: () => void reload().catch(() => undefined),
        },
        () => sessions.renew(),
      );
      roomRef.current = { id: roomId, conn };
    },
    [sessions, patch, reload, stopAgentTyping, afterTypingShown, keepThroughReloads, agentTypingStarted],
  );

  useEffect(() => {
    if (!active || state.ready) return;
    let cancelled = false;
    reload()
      .then((roomId) => {
        if (!cancelled) joinRoom(roomId);
      })
      .catch(() => {
        if (!cancelled) patch({ error: 'Could not connect to the chat. Please try again.' });
      });
    return () => {
      cancelled = true;
    };
  }, [active, state.ready, reload, joinRoom, patch]);

  useEffect(
    () => () => {
      roomRef.current?.conn.close();
      stopAgentTyping();
      held.current.cancel();
    },
    [stopAgentTyping],
  );

  // Spec "Local widget chat storage": the chat so far, for 24 hours.
  useEffect(() => {
    const stored = browserStore.load(domainId);
    if (!stored) return;
    browserStore.save(domainId, {
      ...stored,
      savedAt: Date.now(),
      messages: state.messages.filter((m) => !isPending(m)),
    });
  }, [domainId, state.messages]);

  const [signal] = useState(() => createTypingSignal((isTyping) => roomRef.current?.conn.typing(isTyping)));
  const typingSignal = useRef(signal);

  // The visitor has the chat in front of them: the team's answers count as seen.
  const lastIncoming = [...state.messages].reverse().find((m) => m.role === 'assistant' && !m.seen);
  useEffect(() => {
    if (!active || !lastIncoming) return;
    sessions
      .ensure()
      .then((s) => widgetApi.seen(s.token))
      .then(() =>
        patch((st) => ({
          messages: st.messages.map((m) => (m.role === 'assistant' ? { ...m, seen: true } : m)),
        })),
      )
      .catch(() => undefined);
  }, [active, lastIncoming, sessions, patch]);
  useEffect(() => () => typingSignal.current.dispose(), []);

  const send = useCallback(
    async (text: string): Promise<boolean> => {
      // Spec: ignored while one is sending; trimmed, script tags removed, empty ignored.
      if (sendingRef.current) return false;
      const content = prepareOutgoingText(text);
      if (!content) return false;
      sendingRef.current = true;
      typingSignal.current.stop();
      const clientId = newClientId();
      const temp: ChatMessage = {
        id: `${TEMP_ID_PREFIX}${clientId}`,
        role: 'user',
        content,
        createdAt: new Date().toISOString(),
        teamMemberId: null,
        teamMemberName: null,
        isNote: false,
        noteType: null,
        link: null,
        products: [],
        checkoutProductId: null,
        seen: true,
        clientId,
      };
      patch((s) => ({ messages: addOptimistic(s.messages, temp), sending: true, error: null }));
      try {
        const session = await sessions.ensure();
        // Over the room's open socket when there is one; the first message (no room yet) is a POST.
        const { roomId, message, assistantAnswers } =
          (await roomRef.current?.conn.send(content, clientId)) ??
          (await widgetApi.send(session.token, content, clientId));
        keepThroughReloads(message);
        patch((s) => ({ messages: upsertMessage(s.messages, message) }));
        // The assistant takes it up: typing at once, also for a first message, whose room the
        // socket joins only now (the assistant's own signals then confirm or end it).
        if (assistantAnswers) agentTypingStarted();
        joinRoom(roomId);
        return true;
      } catch (e) {
        patch((s) => ({
          messages: dropOptimistic(s.messages, clientId),
          error: e instanceof ApiError ? e.message : 'Your message could not be sent. Please try again.',
        }));
        return false;
      } finally {
        sendingRef.current = false;
        patch({ sending: false });
      }
    },
    [sessions, patch, joinRoom, keepThroughReloads, agentTypingStarted],
  );

  /** Reads the chat again and joins its room: after the offline form, which may change both. */
  const refresh = useCallback(async () => {
    joinRoom(await reload());
  }, [reload, joinRoom]);

  return { state, send, refresh, typed: () => typingSignal.current.input() };
}
