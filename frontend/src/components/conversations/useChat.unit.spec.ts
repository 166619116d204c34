/**
 * @jest-environment jsdom
 */
// The dashboard's open chat (useChat) against a fake Socket.IO server: the real RealtimeProvider
// and RealtimeClient run on top of it, the conversations API calls are replaced at the module.
import { TEMP_ID_PREFIX } from '@parley/chat-display';
import { modeChannel, roomChannel } from '@parley/contracts';
import { act, renderHook, waitFor } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import * as fakeIo from '../../../../jest/fake-socket-io';
import { RealtimeProvider } from '@/lib/realtime/useRealtime';
import * as api from './api';
import { useChat } from './useChat';

jest.mock('socket.io-client', () => jest.requireActual('../../../../jest/fake-socket-io').socketIoModule);
jest.mock('./api', () => ({
  ...jest.requireActual('./api'),
  fetchMessages: jest.fn(),
  fetchPresence: jest.fn(),
  markSeen: jest.fn(),
  postMessage: jest.fn(),
  reportTeamActivity: jest.fn(),
  setLive: jest.fn(),
}));
const toastError = jest.fn();
jest.mock('@/components/toast/useToast', () => ({
  useToast: () => ({ error: toastError, success: jest.fn() }),
}));
jest.mock('@/components/dashboard/SessionProvider', () => ({
  useSession: () => ({ user: { id: 'member-1', fullname: 'Ada Agent' } }),
}));

const mocked = api as jest.Mocked<typeof api>;
const ROOM = 'room-1';

const ownerMessage = (id: string, message: string, extra: Partial<api.WireOwnerMessage> = {}) => ({
  id,
  message,
  role: 'assistant' as const,
  createdAt: '2030-01-05T10:00:00.000Z',
  seen: false,
  isNote: false,
  products: [],
  ...extra,
});
const chatMessage = (id: string, content: string, extra: Record<string, unknown> = {}) => ({
  id,
  role: 'user',
  content,
  createdAt: '2030-01-05T10:01:00.000Z',
  ...extra,
});
const envelope = (channel: string, cursor: string | null, data: unknown) => ({ channel, cursor, data });

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const list = { applyRoom: jest.fn(), patch: jest.fn() };
const wrapper = ({ children }: { children: ReactNode }) =>
  createElement(RealtimeProvider, { gateway: { port: '1' }, ready: true, children });

/** The open chat, its socket connected and the room's channels subscribed. */
async function openChat() {
  const hook = renderHook(() => useChat(ROOM, undefined, list), { wrapper });
  await waitFor(() => expect(fakeIo.opened).toHaveLength(1));
  const socket = fakeIo.opened[0]!;
  act(() => socket.serverConnect());
  await waitFor(() => expect(hook.result.current.messages).toBeDefined());
  await waitFor(() =>
    expect(socket.sent('subscribe')).toEqual(
      expect.arrayContaining([{ channel: roomChannel(ROOM) }, { channel: modeChannel(ROOM) }]),
    ),
  );
  return { ...hook, socket };
}

beforeEach(() => {
  fakeIo.reset();
  jest.clearAllMocks();
  mocked.fetchMessages.mockResolvedValue({
    messages: [ownerMessage('m0', 'Welcome!')],
    live: true,
    customerEmail: null,
  } as Awaited<ReturnType<typeof api.fetchMessages>>);
  mocked.fetchPresence.mockResolvedValue({ data: [] } as Awaited<ReturnType<typeof api.fetchPresence>>);
  mocked.markSeen.mockResolvedValue(undefined as never);
  mocked.reportTeamActivity.mockResolvedValue(undefined as never);
});

describe("the dashboard's useChat", () => {
  it('shows a sent message at once, then the server copy in its place', async () => {
    const { result } = await openChat();
    const answer = deferred<Awaited<ReturnType<typeof api.postMessage>>>();
    mocked.postMessage.mockReturnValue(answer.promise);

    let sent!: Promise<boolean>;
    act(() => {
      sent = result.current.send('  Hello there  ', null);
    });
    await waitFor(() => expect(result.current.sending).toBe(true));
    const optimistic = result.current.messages!.at(-1)!;
    expect(optimistic).toMatchObject({ content: 'Hello there', teamMemberName: 'Ada Agent' });
    expect(optimistic.id.startsWith(TEMP_ID_PREFIX)).toBe(true);
    const body = mocked.postMessage.mock.calls[0]![1];
    expect(body).toEqual({ content: 'Hello there', clientId: optimistic.clientId });

    await act(async () => {
      answer.resolve({ data: ownerMessage('m1', 'Hello there', { clientId: body.clientId }) } as never);
      expect(await sent).toBe(true);
    });
    expect(result.current.messages!.map((m) => m.id)).toEqual(['m0', 'm1']);
    expect(result.current.sending).toBe(false);
  });

  it('takes the optimistic copy back and says so when the post fails; the caller keeps the text', async () => {
    const { result } = await openChat();
    mocked.postMessage.mockRejectedValue(new Error('network down'));
    let ok: boolean | undefined;
    await act(async () => {
      ok = await result.current.send('Will not arrive', 'internal');
    });
    expect(ok).toBe(false);
    expect(result.current.messages!.map((m) => m.content)).toEqual(['Welcome!']);
    expect(toastError).toHaveBeenCalledWith(
      'Error sending message',
      "Your message couldn't be sent. Please try again.",
    );
  });

  it('ignores a second send while one is on its way, and empty text', async () => {
    const { result } = await openChat();
    mocked.postMessage.mockReturnValue(new Promise(() => undefined));
    act(() => void result.current.send('first', null));
    let second: boolean | undefined;
    let empty: boolean | undefined;
    await act(async () => {
      second = await result.current.send('second', null);
      empty = await result.current.send('   ', null);
    });
    expect([second, empty]).toEqual([false, false]);
    expect(mocked.postMessage).toHaveBeenCalledTimes(1);
  });

  it('shows a socket message once, however often it comes (its echo, a replay)', async () => {
    const { result, socket } = await openChat();
    const message = chatMessage('v1', 'Is anyone there?');
    act(() => {
      socket.serverEmit('chat-message', envelope(roomChannel(ROOM), '1', message));
      socket.serverEmit('chat-message', envelope(roomChannel(ROOM), '1', message));
    });
    expect(result.current.messages!.filter((m) => m.id === 'v1')).toHaveLength(1);
    // Another room's event on this socket is not this chat's.
    act(() =>
      socket.serverEmit('chat-message', envelope(roomChannel('room-2'), '7', chatMessage('x', 'no'))),
    );
    expect(result.current.messages!.some((m) => m.id === 'x')).toBe(false);
  });

  it("our own message's echo before the POST answers is one message", async () => {
    const { result, socket } = await openChat();
    const answer = deferred<Awaited<ReturnType<typeof api.postMessage>>>();
    mocked.postMessage.mockReturnValue(answer.promise);
    let sent!: Promise<boolean>;
    act(() => {
      sent = result.current.send('Hi', null);
    });
    const clientId = mocked.postMessage.mock.calls[0]![1].clientId;
    act(() =>
      socket.serverEmit(
        'chat-message',
        envelope(roomChannel(ROOM), '2', chatMessage('m9', 'Hi', { role: 'assistant', clientId })),
      ),
    );
    await act(async () => {
      answer.resolve({ data: ownerMessage('m9', 'Hi', { clientId }) } as never);
      await sent;
    });
    expect(result.current.messages!.map((m) => m.id)).toEqual(['m0', 'm9']);
  });

  it("shows the visitor's typing and sends ours", async () => {
    const { result, socket } = await openChat();
    act(() =>
      socket.serverEmit(
        'typing-status',
        envelope(roomChannel(ROOM), null, { roomId: ROOM, isTyping: true, agent: false }),
      ),
    );
    expect(result.current.visitorTyping).toBe(true);
    // A team member's typing (ours, echoed) is not the visitor's.
    act(() =>
      socket.serverEmit(
        'typing-status',
        envelope(roomChannel(ROOM), null, { roomId: ROOM, isTyping: false, agent: true }),
      ),
    );
    expect(result.current.visitorTyping).toBe(true);
    act(() =>
      socket.serverEmit(
        'typing-status',
        envelope(roomChannel(ROOM), null, { roomId: ROOM, isTyping: false, agent: false }),
      ),
    );
    expect(result.current.visitorTyping).toBe(false);

    act(() => result.current.onInput());
    await waitFor(() => expect(socket.sent('typing')).toEqual([{ roomId: ROOM, isTyping: true }]), {
      timeout: 2_000,
    });
  });

  it('after a dropped connection subscribes again from the last cursor and shows what is replayed once', async () => {
    const { result, socket } = await openChat();
    act(() => socket.serverEmit('chat-message', envelope(roomChannel(ROOM), '5', chatMessage('v5', 'five'))));
    socket.emitted.length = 0;

    act(() => socket.serverDrop());
    act(() => socket.serverConnect());
    await waitFor(() =>
      expect(socket.sent('subscribe')).toContainEqual({ channel: roomChannel(ROOM), since: '5' }),
    );
    // The gateway replays what came after the cursor (and, in a race, the last one again).
    act(() => {
      socket.serverEmit('chat-message', envelope(roomChannel(ROOM), '5', chatMessage('v5', 'five')));
      socket.serverEmit('chat-message', envelope(roomChannel(ROOM), '6', chatMessage('v6', 'six')));
    });
    expect(result.current.messages!.map((m) => m.id)).toEqual(['m0', 'v5', 'v6']);
  });

  it("after a subscribe's retries are spent, connects again later and subscribes from the cursor", async () => {
    const { socket } = await openChat();
    act(() => socket.serverEmit('chat-message', envelope(roomChannel(ROOM), '5', chatMessage('v5', 'five'))));
    jest.useFakeTimers();
    try {
      socket.answer = (event) => (event === 'subscribe' ? undefined : { ok: true });
      act(() => socket.serverDrop());
      act(() => socket.serverConnect());
      await act(() => jest.advanceTimersByTimeAsync(1000 + 2000 + 4000 + 100));
      expect(socket.connected).toBe(false);
      const connects = socket.connectCalls;
      socket.answer = fakeIo.acceptAll;
      socket.emitted.length = 0;
      await act(() => jest.advanceTimersByTimeAsync(31_000));
      expect(socket.connectCalls).toBe(connects + 1);
      act(() => socket.serverConnect());
      await act(() => jest.advanceTimersByTimeAsync(10));
      expect(socket.sent('subscribe')).toContainEqual({ channel: roomChannel(ROOM), since: '5' });
    } finally {
      jest.useRealTimers();
    }
  });

  it('reloads the history when the gateway can no longer replay what was missed', async () => {
    const { socket } = await openChat();
    expect(mocked.fetchMessages).toHaveBeenCalledTimes(1);
    socket.answer = (event) =>
      event === 'subscribe' ? { ok: true, cursor: '40', reset: true } : { ok: true };
    act(() => socket.serverDrop());
    act(() => socket.serverConnect());
    await waitFor(() => expect(mocked.fetchMessages).toHaveBeenCalledTimes(2));
  });
});
