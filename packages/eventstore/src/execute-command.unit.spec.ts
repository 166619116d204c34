import type { LoadedStream, RecordedEvent } from './api';
import { apiErrorCode, reportedLastSequence } from './errors';
import { foldEvents, priorEvents, retryDelayMs } from './execute-command';
import { DEFAULT_DUPLICATE_WINDOW_MS, eventStreamConfig } from './stream';
import { tally } from './__fixtures__/tally';

const recorded = (sequence: number, commandId: string, index: number, size: number): RecordedEvent => ({
  type: 'TallyAdded',
  data: { by: 'x', amount: 1 },
  subject: 's',
  sequence,
  eventId: `${commandId}:${index}`,
  occurredAt: '',
  meta: {},
  batch: { commandId, index, size },
});

describe('executeCommand helpers', () => {
  it('backs off exponentially with jitter, capped', () => {
    expect(retryDelayMs(1, () => 0)).toBe(5);
    expect(retryDelayMs(1, () => 1)).toBe(15);
    expect(retryDelayMs(3, () => 0.5)).toBe(40);
    expect(retryDelayMs(20, () => 0.999)).toBeLessThanOrEqual(375);
  });

  it('folds events with the decider', () => {
    const state = foldEvents(tally, [
      { type: 'TallyOpened', data: { by: 'a' } },
      { type: 'TallyAdded', data: { by: 'a', amount: 2 } },
      { type: 'TallyAdded', data: { by: 'b', amount: 3 } },
    ]);
    expect(state).toEqual({ open: true, total: 5, contributors: ['a', 'b'] });
  });

  it("finds a command's own earlier events by command id", () => {
    const loaded: LoadedStream = {
      events: [recorded(1, 'a', 0, 1), recorded(2, 'b', 0, 2), recorded(4, 'b', 1, 2)],
      version: 4,
    };
    expect(priorEvents(loaded, 'b').map((e) => e.sequence)).toEqual([2, 4]);
    expect(priorEvents(loaded, 'c')).toEqual([]);
  });
});

describe('JetStream error parsing', () => {
  it('reads the api error code and the reported last sequence', () => {
    const e = { api_error: { code: 400, err_code: 10071, description: 'wrong last sequence: 12' } };
    expect(apiErrorCode(e)).toBe(10071);
    expect(reportedLastSequence(e)).toBe(12);
    expect(apiErrorCode(new Error('x'))).toBeUndefined();
    expect(reportedLastSequence({})).toBeUndefined();
  });
});

describe('event stream settings', () => {
  it('keeps everything forever, refuses deletes and purges, and sets the duplicate window', () => {
    const c = eventStreamConfig('identity', 'ns1');
    expect(c).toMatchObject({
      name: 'NS1_IDENTITY',
      subjects: ['ns1.identity.>'],
      storage: 'file',
      discard: 'new',
      max_age: 0,
      deny_delete: true,
      deny_purge: true,
      allow_direct: true,
      duplicate_window: DEFAULT_DUPLICATE_WINDOW_MS * 1_000_000,
    });
    expect(eventStreamConfig('identity', undefined, { duplicateWindowMs: 5000 }).duplicate_window).toBe(
      5_000_000_000,
    );
    expect(() => eventStreamConfig('identity', undefined, { duplicateWindowMs: 10 })).toThrow(RangeError);
  });
});
