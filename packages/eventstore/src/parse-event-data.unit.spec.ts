import { MalformedEventError } from './errors';
import { parseEventData, type EventDataSchema } from './parse-event-data';

/** A stand-in for a zod object schema: `{ name: string }`, issues shaped as zod reports them. */
const named: EventDataSchema<{ name: string }> = {
  safeParse(data) {
    const name = (data as { name?: unknown } | null)?.name;
    if (typeof name === 'string') return { success: true, data: { name } };
    return {
      success: false,
      error: {
        issues: [
          { path: ['name'], message: 'expected string' },
          { path: ['meta', 0, 'key'], message: 'required' },
        ],
      },
    };
  },
};

const recorded = (data: unknown) => ({ type: 'identity.UserRenamed', eventId: 'cmd-1:0', data });

describe('parseEventData', () => {
  it('answers the payload the schema accepts', () => {
    expect(parseEventData(named, recorded({ name: 'Ada' }))).toEqual({ name: 'Ada' });
  });

  it('throws a MalformedEventError naming the event and every issue with its path', () => {
    const parse = () => parseEventData(named, recorded({ name: 7 }));
    expect(parse).toThrow(MalformedEventError);
    expect(parse).toThrow(
      new Error('malformed identity.UserRenamed cmd-1:0: name: expected string; meta.0.key: required'),
    );
  });
});
