/**
 * @jest-environment jsdom
 */
// The notifications ride the dashboard's one socket (the layout's RealtimeProvider), on a fake
// Socket.IO server; the notifications API calls are replaced at the module.
import { roomChannel } from '@parley/contracts';
import { act, renderHook, waitFor } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import * as fakeIo from '../../../../jest/fake-socket-io';
import * as notificationsApi from '@/lib/api/notifications';
import { RealtimeProvider, useChannel } from '@/lib/realtime/useRealtime';
import { NotificationsProvider, useNotifications } from './NotificationsProvider';

jest.mock('socket.io-client', () => jest.requireActual('../../../../jest/fake-socket-io').socketIoModule);
jest.mock('@/lib/api/notifications', () => ({
  ...jest.requireActual('@/lib/api/notifications'),
  fetchNotifications: jest.fn(),
  cleanupNotifications: jest.fn(),
}));

const api = notificationsApi as jest.Mocked<typeof notificationsApi>;
const notification = (id: string, type = 'LIVE_SUPPORT') => ({
  id,
  type,
  message: `Notification ${id}`,
  read: false,
  createdAt: '2030-01-05T10:00:00.000Z',
  domainId: 'd1',
  roomId: 'r1',
});

const wrapper = ({ children }: { children: ReactNode }) =>
  createElement(RealtimeProvider, {
    gateway: { port: '1' },
    ready: true,
    children: createElement(NotificationsProvider, null, children),
  });

/** The bell's list and, beside it, a conversation listening on a room: both on the same socket. */
function useBellAndRoom() {
  useChannel(roomChannel('r1'), { events: {} });
  return useNotifications();
}

beforeEach(() => {
  fakeIo.reset();
  jest.clearAllMocks();
  api.cleanupNotifications.mockResolvedValue(undefined as never);
  api.fetchNotifications.mockResolvedValue({ data: [notification('n1')] });
});

describe('notifications on the dashboard socket', () => {
  it('opens one socket for the notifications and the conversations together', async () => {
    const { result } = renderHook(useBellAndRoom, { wrapper });
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(fakeIo.opened).toHaveLength(1);
    const socket = fakeIo.opened[0]!;
    act(() => socket.serverConnect());
    await waitFor(() => expect(socket.sent('subscribe')).toEqual([{ channel: roomChannel('r1') }]));
    expect(fakeIo.opened).toHaveLength(1);
  });

  it('adds a pushed notification once, and ignores a malformed one', async () => {
    const { result } = renderHook(useBellAndRoom, { wrapper });
    await waitFor(() => expect(result.current.status).toBe('ready'));
    const socket = fakeIo.opened[0]!;
    act(() => socket.serverConnect());
    act(() => {
      socket.serverEmit('notification', notification('n2', 'BOOKING'));
      socket.serverEmit('notification', notification('n2', 'BOOKING'));
      socket.serverEmit('notification', { id: 'n3' });
    });
    await waitFor(() => expect(result.current.list.map((n) => n.id).sort()).toEqual(['n1', 'n2']));
    expect(result.current.unread).toBe(2);
  });

  it('reads the list again on every connect, so what was pushed while away is not lost', async () => {
    const { result } = renderHook(useBellAndRoom, { wrapper });
    await waitFor(() => expect(result.current.status).toBe('ready'));
    const socket = fakeIo.opened[0]!;
    const before = api.fetchNotifications.mock.calls.length;
    act(() => socket.serverConnect());
    await waitFor(() => expect(api.fetchNotifications.mock.calls.length).toBe(before + 1));
    api.fetchNotifications.mockResolvedValue({ data: [notification('n1'), notification('n4')] });
    act(() => socket.serverDrop());
    act(() => socket.serverConnect());
    await waitFor(() => expect(result.current.list.map((n) => n.id).sort()).toEqual(['n1', 'n4']));
  });
});
