/**
 * @jest-environment jsdom
 */
// The widget's chat (use-chat) against a fake Socket.IO server: the real connectRoom runs on top
// of it; the visitor API's calls are replaced at the module, its ApiError kept.
import { TEMP_ID_PREFIX } from '@parley/chat-display';
import { modeChannel, roomChannel, type ChatMessage } from '@parley/contracts';
import { act, renderHook, waitFor } from '@testing-library/react';
import * as fakeIo from '../../../jest/fake-socket-io';
import { widgetApi } from './api';
import type { VisitorSessions } from './session';
import { MIN_BOT_TYPING_MS, useChat } from './use-chat';

jest.mock('socket.io-client', () => jest.requireActual('../../../jest/fake-socket-io').socketIoModule);
jest.mock('./api', () => {
  const actual = jest.requireActual('./api');
  return {
    ...actual,
    widgetApi: { ...actual.widgetApi, chat: jest.fn(), send: jest.fn(), seen: jest.fn() },
  };
});

const api = widgetApi as jest.Mocked<typeof widgetApi>;
const ROOM = 'room-1';
const DOMAIN = 'domain-1';

const message = (id: string, content: string, extra: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  role: 'assistant',
  content,
  createdAt: '2030-01-05T10:00:00.000Z',
  teamMemberId: null,
  teamMemberName: null,
  isNote: false,
  noteType: null,
  link: null,
  products: [],
  checkoutProductId: null,
  seen: true,
  clientId: null,
  ...extra,
});
const envelope = (channel: string, cursor: string | null, data: unknown) => ({ channel, cursor, data });

const sessions = {
  ensure: jest.fn(async () => ({ token: 'visitor-token', roomId: ROOM })),
  token: () => 'visitor-token',
  renew: jest.fn(async () => ({ token: 'visitor-token' })),
} as unknown as VisitorSessions;

/** The chat tab opened on a room that exists, its socket connected and subscribed. */
async function openChat() {
  const hook = renderHook(() => useChat(DOMAIN, sessions, true));
  await waitFor(() => expect(hook.result.current.state.ready).toBe(true));
  await waitFor(() => expect(fakeIo.opened).toHaveLength(1));
  const socket = fakeIo.opened[0]!;
  act(() => socket.serverConnect());
  await waitFor(() =>
    expect(socket.sent('subscribe')).toEqual([
      { channel: roomChannel(ROOM) },
      { channel: modeChannel(ROOM) },
    ]),
  );
  return { ...hook, socket };
}

const ids = (messages: ChatMessage[]) => messages.map((m) => m.id);

beforeEach(() => {
  fakeIo.reset();
  jest.clearAllMocks();
  localStorage.clear();
  api.chat.mockResolvedValue({
    room: { id: ROOM, live: false },
    messages: [message('m0', 'Hi! How can I help?')],
  });
  api.seen.mockResolvedValue(undefined);
});

describe("the widget's useChat", () => {
  it('reads the history, then follows the room over the socket', async () => {
    const { result, socket } = await openChat();
    expect(ids(result.current.state.messages)).toEqual(['m0']);
    expect(api.chat).toHaveBeenCalledWith('visitor-token');
    expect(socket.auth).toEqual({ token: 'visitor-token' });
  });

  it("shows the visitor's message at once and the server's copy in its place, over the open socket", async () => {
    const { result, socket } = await openChat();
    let release!: () => void;
    socket.answer = (event, payload) => {
      if (event !== 'visitor-message') return { ok: true, cursor: null };
      const { clientId } = payload as { clientId: string };
      return new Promise((resolve) => {
        release = () =>
          resolve({
            ok: true,
            data: {
              roomId: ROOM,
              message: message('v1', 'Hello', { role: 'user', clientId }),
              assistantAnswers: true,
            },
          });
      });
    };
    let sent!: Promise<boolean>;
    act(() => {
      sent = result.current.send(' Hello ');
    });
    await waitFor(() => expect(result.current.state.sending).toBe(true));
    const optimistic = result.current.state.messages.at(-1)!;
    expect(optimistic).toMatchObject({ role: 'user', content: 'Hello' });
    expect(optimistic.id.startsWith(TEMP_ID_PREFIX)).toBe(true);
    await waitFor(() =>
      expect(socket.sent('visitor-message')).toEqual([{ content: 'Hello', clientId: optimistic.clientId }]),
    );

    await act(async () => {
      release();
      expect(await sent).toBe(true);
    });
    expect(ids(result.current.state.messages)).toEqual(['m0', 'v1']);
    expect(result.current.state.sending).toBe(false);
    // The assistant takes it up: its typing shows at once.
    expect(result.current.state.agentTyping).toBe(true);
    expect(api.send).not.toHaveBeenCalled();
  });

  it('takes the message back and shows the refusal when the server refuses it', async () => {
    const { result, socket } = await openChat();
    socket.answer = (event) =>
      event === 'visitor-message'
        ? {
            ok: false,
            status: 429,
            error: { code: 'RATE_LIMITED', message: 'Too many messages. Please wait a moment.' },
          }
        : { ok: true, cursor: null };
    let ok: boolean | undefined;
    await act(async () => {
      ok = await result.current.send('Too fast');
    });
    expect(ok).toBe(false);
    expect(ids(result.current.state.messages)).toEqual(['m0']);
    expect(result.current.state.error).toBe('Too many messages. Please wait a moment.');
  });

  it('posts over HTTP, with the same client id, when the socket cannot carry the message', async () => {
    const { result, socket } = await openChat();
    act(() => socket.serverDrop());
    api.send.mockImplementation(async (_token, content, clientId) => ({
      roomId: ROOM,
      message: message('v2', content, { role: 'user', clientId }),
    }));
    await act(async () => {
      expect(await result.current.send('Over HTTP')).toBe(true);
    });
    expect(api.send).toHaveBeenCalledWith('visitor-token', 'Over HTTP', expect.any(String));
    expect(ids(result.current.state.messages)).toEqual(['m0', 'v2']);
  });

  it('takes the message back with a general sentence when the network fails', async () => {
    const { result, socket } = await openChat();
    act(() => socket.serverDrop());
    api.send.mockRejectedValue(new TypeError('Failed to fetch'));
    await act(async () => {
      expect(await result.current.send('Lost')).toBe(false);
    });
    expect(ids(result.current.state.messages)).toEqual(['m0']);
    expect(result.current.state.error).toBe('Your message could not be sent. Please try again.');
  });

  it('shows a message once however often it comes (the echo of our own, a replay)', async () => {
    const { result, socket } = await openChat();
    const echo = message('v3', 'Mine', { role: 'user', clientId: 'c-3' });
    act(() => {
      socket.serverEmit('chat-message', envelope(roomChannel(ROOM), '3', echo));
      socket.serverEmit('chat-message', envelope(roomChannel(ROOM), '3', echo));
    });
    expect(ids(result.current.state.messages)).toEqual(['m0', 'v3']);
  });

  it("shows the assistant's typing, and its reply no sooner than the indicator's minimum time", async () => {
    const { result, socket } = await openChat();
    act(() =>
      socket.serverEmit(
        'typing-status',
        envelope(roomChannel(ROOM), null, { roomId: ROOM, isTyping: true, agent: true }),
      ),
    );
    expect(result.current.state.agentTyping).toBe(true);
    const shownAt = Date.now();
    act(() =>
      socket.serverEmit('chat-message', envelope(roomChannel(ROOM), '4', message('a4', 'Here you go'))),
    );
    expect(ids(result.current.state.messages)).toEqual(['m0']);
    await waitFor(() => expect(ids(result.current.state.messages)).toEqual(['m0', 'a4']));
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(MIN_BOT_TYPING_MS - 20);
    expect(result.current.state.agentTyping).toBe(false);
    // The visitor's own typing goes out on the room's socket.
    act(() => result.current.typed());
    await waitFor(() => expect(socket.sent('typing')).toEqual([{ roomId: ROOM, isTyping: true }]), {
      timeout: 2_000,
    });
  });

  it('after a dropped connection subscribes again from the last cursor and shows the replay once', async () => {
    const { result, socket } = await openChat();
    act(() =>
      socket.serverEmit(
        'chat-message',
        envelope(roomChannel(ROOM), '7', message('u7', 'seven', { role: 'user' })),
      ),
    );
    socket.emitted.length = 0;
    act(() => socket.serverDrop());
    act(() => socket.serverConnect());
    await waitFor(() =>
      expect(socket.sent('subscribe')).toEqual([
        { channel: roomChannel(ROOM), since: '7' },
        { channel: modeChannel(ROOM) },
      ]),
    );
    act(() => {
      socket.serverEmit(
        'chat-message',
        envelope(roomChannel(ROOM), '7', message('u7', 'seven', { role: 'user' })),
      );
      socket.serverEmit(
        'chat-message',
        envelope(roomChannel(ROOM), '8', message('u8', 'eight', { role: 'user' })),
      );
    });
    expect(ids(result.current.state.messages)).toEqual(['m0', 'u7', 'u8']);
  });

  it("after a subscribe's retries are spent, opens a new connection later and subscribes from the cursor", async () => {
    const { socket } = await openChat();
    act(() =>
      socket.serverEmit(
        'chat-message',
        envelope(roomChannel(ROOM), '7', message('u7', 'seven', { role: 'user' })),
      ),
    );
    jest.useFakeTimers();
    try {
      // A gateway too busy to answer: every subscribe times out.
      socket.answer = (event) => (event === 'subscribe' ? undefined : { ok: true });
      socket.emitted.length = 0;
      act(() => socket.serverDrop());
      act(() => socket.serverConnect());
      await act(() => jest.advanceTimersByTimeAsync(1000 + 2000 + 4000 + 100));
      // The spec's first try and three retries, then the connection is dropped (the other
      // channel's last retry finds it gone and waits for the next one).
      const tries = (socket.sent('subscribe') as Array<{ channel: string }>).map((r) => r.channel);
      expect(tries.filter((c) => c === roomChannel(ROOM))).toHaveLength(4);
      expect(socket.connected).toBe(false);
      const connects = socket.connectCalls;
      socket.answer = fakeIo.acceptAll;
      socket.emitted.length = 0;
      await act(() => jest.advanceTimersByTimeAsync(9_000));
      expect(socket.connectCalls).toBe(connects); // not before half the pause
      await act(() => jest.advanceTimersByTimeAsync(22_000));
      expect(socket.connectCalls).toBe(connects + 1);
      act(() => socket.serverConnect());
      await act(() => jest.advanceTimersByTimeAsync(10));
      expect(socket.sent('subscribe')).toEqual([
        { channel: roomChannel(ROOM), since: '7' },
        { channel: modeChannel(ROOM) },
      ]);
    } finally {
      jest.useRealTimers();
    }
  });

  it('reads the history again when the gateway can no longer replay what was missed', async () => {
    const { socket } = await openChat();
    await waitFor(() => expect(api.chat).toHaveBeenCalledTimes(2)); // the first subscribe's read
    socket.answer = (event, payload) =>
      event === 'subscribe' && (payload as { channel: string }).channel === roomChannel(ROOM)
        ? { ok: true, cursor: '50', reset: true }
        : { ok: true, cursor: null };
    act(() => socket.serverDrop());
    act(() => socket.serverConnect());
    await waitFor(() => expect(api.chat).toHaveBeenCalledTimes(3));
  });
});
