import { AppError } from '@parley/contracts';
import type { Decider, DomainEvent } from '@parley/eventstore';
import { deciderSpec } from './decider-spec';
import { randomNamespace } from './namespace';

type Ev = DomainEvent<'Opened', { by: string }> | DomainEvent<'Closed', null>;
type Cmd = { type: 'open'; by: string } | { type: 'close' };
const door: Decider<Cmd, Ev, { open: boolean }> = {
  initialState: { open: false },
  evolve: (s, e) => ({ open: e.type === 'Opened' ? true : e.type === 'Closed' ? false : s.open }),
  decide(c, s) {
    if (c.type === 'open') {
      if (s.open) throw new AppError('conflict', 'Door is already open', [], 'ALREADY_OPEN');
      return [{ type: 'Opened', data: { by: c.by } }];
    }
    return s.open ? [{ type: 'Closed', data: null }] : [];
  },
};

describe('deciderSpec', () => {
  it('passes when decide returns the expected events, and returns the state after them', () => {
    const state = deciderSpec(door)
      .given([])
      .when({ type: 'open', by: 'ann' })
      .then([{ type: 'Opened', data: { by: 'ann' } }]);
    expect(state).toEqual({ open: true });
    deciderSpec(door).given([]).when({ type: 'close' }).then([]);
  });

  it('fails when the events differ', () => {
    expect(() =>
      deciderSpec(door)
        .given([])
        .when({ type: 'open', by: 'ann' })
        .then([{ type: 'Opened', data: { by: 'bob' } }]),
    ).toThrow(/decided events differ/);
    expect(() =>
      deciderSpec(door)
        .given([{ type: 'Opened', data: { by: 'a' } }])
        .when({ type: 'close' })
        .then([]),
    ).toThrow(/differ/);
  });

  it('thenThrows matches an AppError kind, code, exact message or RegExp', () => {
    const given = deciderSpec(door)
      .given([{ type: 'Opened', data: { by: 'a' } }])
      .when({ type: 'open', by: 'b' });
    expect(given.thenThrows('conflict')).toBeInstanceOf(AppError);
    given.thenThrows('ALREADY_OPEN');
    given.thenThrows('Door is already open');
    given.thenThrows(/already open/);
  });

  it('thenThrows fails on the wrong error and when nothing is thrown', () => {
    const given = deciderSpec(door)
      .given([{ type: 'Opened', data: { by: 'a' } }])
      .when({ type: 'open', by: 'b' });
    expect(() => given.thenThrows('not_found')).toThrow(
      /decide threw AppError\(conflict\/ALREADY_OPEN: Door is already open\), expected not_found/,
    );
    expect(() => deciderSpec(door).given([]).when({ type: 'open', by: 'b' }).thenThrows('conflict')).toThrow(
      /instead of throwing conflict/,
    );
  });
});

describe('randomNamespace', () => {
  it('is a short lowercase token, different every time', () => {
    const a = randomNamespace();
    expect(a).toMatch(/^t[0-9a-f]{8}$/);
    expect(randomNamespace()).not.toBe(a);
  });
});
