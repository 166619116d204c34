import type { Principal } from '../auth/claims';
import {
  cachedRoomAccess,
  decideChannel,
  type RoomAccessSource,
  type SocketIdentity,
} from './channel-access';
import { parseChannel } from './channels';

const owner: SocketIdentity = { kind: 'team', principal: { userId: 'o1', role: 'OWNER', accountId: 'acc1' } };
const agent: SocketIdentity = { kind: 'team', principal: { userId: 'a1', role: 'AGENT', accountId: 'acc1' } };
const visitor: SocketIdentity = {
  kind: 'visitor',
  visitor: { customerId: 'c1', domainId: 'd1', accountId: 'acc1', keyId: 'k1' },
};

const source = (allowed: Record<string, string[]>, visitorRoom: string | null = 'r1'): RoomAccessSource => ({
  teamHasAccess: (p: Principal, roomId: string) =>
    Promise.resolve((allowed[p.userId] ?? []).includes(roomId)),
  visitorRoomId: () => Promise.resolve(visitorRoom),
});
const decide = (who: SocketIdentity, channel: string, access = source({ o1: ['r1'], a1: [] })) =>
  decideChannel(who, parseChannel(channel)!, access);

describe('parseChannel', () => {
  it('reads the spec channel names and refuses anything else', () => {
    expect(parseChannel('chat-global')).toEqual({ kind: 'global' });
    expect(parseChannel('3f2a-9c')).toEqual({ kind: 'room', roomId: '3f2a-9c' });
    expect(parseChannel('r1-mode')).toEqual({ kind: 'mode', roomId: 'r1' });
    expect(parseChannel('r1-presence')).toEqual({ kind: 'presence', roomId: 'r1' });
    for (const bad of ['', 'user-1 ', 'room:r1:team', '../x', 'a.b', 42, null, '-mode', 'x'.repeat(70)])
      expect(parseChannel(bad)).toBeUndefined();
  });
});

describe('decideChannel', () => {
  it('chat-global: owners get the account room, agents their own, visitors nothing', async () => {
    expect(await decide(owner, 'chat-global')).toEqual({ ok: true, room: 'acct:acc1:global' });
    expect(await decide(agent, 'chat-global')).toEqual({ ok: true, room: 'agent:a1:global' });
    expect(await decide(visitor, 'chat-global')).toEqual({ ok: false, error: 'forbidden' });
  });

  it('a room: the team by access, each side in its own internal room', async () => {
    expect(await decide(owner, 'r1')).toEqual({ ok: true, room: 'room:r1:team' });
    expect(await decide(owner, 'r1-mode')).toEqual({ ok: true, room: 'room:r1:mode' });
    expect(await decide(owner, 'r1-presence')).toEqual({ ok: true, room: 'room:r1:presence' });
    expect(await decide(agent, 'r1')).toEqual({ ok: false, error: 'forbidden' });
    expect(await decide(agent, 'r1-mode')).toEqual({ ok: false, error: 'forbidden' });
  });

  it('the visitor: only their own room, never its presence', async () => {
    expect(await decide(visitor, 'r1')).toEqual({ ok: true, room: 'room:r1:visitor' });
    expect(await decide(visitor, 'r1-mode')).toEqual({ ok: true, room: 'room:r1:mode' });
    expect(await decide(visitor, 'r1-presence')).toEqual({ ok: false, error: 'forbidden' });
    expect(await decide(visitor, 'r2')).toEqual({ ok: false, error: 'forbidden' });
    expect(await decide(visitor, 'r1', source({}, null))).toEqual({ ok: false, error: 'forbidden' });
  });

  it('answers unavailable when conversations cannot be asked', async () => {
    const failing: RoomAccessSource = {
      teamHasAccess: () => Promise.reject(new Error('down')),
      visitorRoomId: () => Promise.reject(new Error('down')),
    };
    expect(await decide(owner, 'r1', failing)).toEqual({ ok: false, error: 'unavailable' });
    expect(await decide(visitor, 'r1', failing)).toEqual({ ok: false, error: 'unavailable' });
  });
});

describe('cachedRoomAccess', () => {
  it('remembers grants for the ttl, never refusals, and forgets a revoked grant', async () => {
    let t = 0;
    const calls: string[] = [];
    const allowed = new Set(['r1']);
    const cached = cachedRoomAccess(
      {
        teamHasAccess: (_p, roomId) => {
          calls.push(roomId);
          return Promise.resolve(allowed.has(roomId));
        },
        visitorRoomId: () => Promise.resolve(null),
      },
      { ttlMs: 1000, now: () => t },
    );
    const p = owner.kind === 'team' ? owner.principal : undefined!;
    expect(await cached.teamHasAccess(p, 'r1')).toBe(true);
    expect(await cached.teamHasAccess(p, 'r1')).toBe(true);
    expect(await cached.teamHasAccess(p, 'r2')).toBe(false);
    allowed.add('r2');
    expect(await cached.teamHasAccess(p, 'r2')).toBe(true);
    expect(calls).toEqual(['r1', 'r2', 'r2']);
    allowed.delete('r1');
    cached.forget('o1', 'r1');
    expect(await cached.teamHasAccess(p, 'r1')).toBe(false);
    t = 2000;
    expect(await cached.teamHasAccess(p, 'r2')).toBe(true);
    expect(calls).toEqual(['r1', 'r2', 'r2', 'r1', 'r2']);
  });

  it('remembers a visitor’s room per visitor key: another browser of the same customer asks anew', async () => {
    const rooms: Record<string, string | null> = { k1: 'r1', k2: null };
    const asked: string[] = [];
    const cached = cachedRoomAccess(
      {
        teamHasAccess: () => Promise.resolve(false),
        visitorRoomId: (v) => {
          asked.push(v.keyId);
          return Promise.resolve(rooms[v.keyId] ?? null);
        },
      },
      { ttlMs: 1000, now: () => 0 },
    );
    const first = visitor.kind === 'visitor' ? visitor.visitor : undefined!;
    expect(await cached.visitorRoomId(first)).toBe('r1');
    expect(await cached.visitorRoomId({ ...first, keyId: 'k2' })).toBeNull();
    expect(await cached.visitorRoomId(first)).toBe('r1');
    expect(asked).toEqual(['k1', 'k2']);
  });

  it('asks once for questions in flight together, and asks anew after a failure', async () => {
    let asked = 0;
    let answer: (allowed: boolean) => void = () => undefined;
    let fail = true;
    const cached = cachedRoomAccess(
      {
        teamHasAccess: () => {
          asked += 1;
          if (fail) return Promise.reject(new Error('down'));
          return new Promise<boolean>((resolve) => (answer = resolve));
        },
        visitorRoomId: () => Promise.resolve(null),
      },
      { ttlMs: 1000, now: () => 0 },
    );
    const p = owner.kind === 'team' ? owner.principal : undefined!;
    await expect(Promise.all([cached.teamHasAccess(p, 'r1'), cached.teamHasAccess(p, 'r1')])).rejects.toThrow(
      'down',
    );
    expect(asked).toBe(1);
    fail = false;
    const together = [
      cached.teamHasAccess(p, 'r1'),
      cached.teamHasAccess(p, 'r1'),
      cached.teamHasAccess(p, 'r1'),
    ];
    answer(true);
    expect(await Promise.all(together)).toEqual([true, true, true]);
    expect(await cached.teamHasAccess(p, 'r1')).toBe(true);
    expect(asked).toBe(2);
  });

  it('keeps no answer that was in flight when its grant was forgotten', async () => {
    let asked = 0;
    let answer: (allowed: boolean) => void = () => undefined;
    const cached = cachedRoomAccess(
      {
        teamHasAccess: () => {
          asked += 1;
          return new Promise<boolean>((resolve) => (answer = resolve));
        },
        visitorRoomId: () => Promise.resolve(null),
      },
      { ttlMs: 1000, now: () => 0 },
    );
    const p = owner.kind === 'team' ? owner.principal : undefined!;
    const pending = cached.teamHasAccess(p, 'r1');
    cached.forget('o1', 'r1');
    answer(true);
    expect(await pending).toBe(true);
    const again = cached.teamHasAccess(p, 'r1');
    answer(false);
    expect(await again).toBe(false);
    expect(asked).toBe(2);
  });
});
