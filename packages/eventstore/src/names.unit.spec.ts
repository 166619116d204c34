import { aggregateSubjects, contextSubjects, InvalidNameError, streamName, subjectFor } from './names';

describe('stream and subject names', () => {
  it('names one stream per context, prefixed by the namespace', () => {
    expect(streamName('identity')).toBe('IDENTITY');
    expect(streamName('identity', 't3f9a1c2')).toBe('T3F9A1C2_IDENTITY');
    expect(streamName('identity', '')).toBe('IDENTITY');
  });

  it('builds one subject per aggregate, never including the event type', () => {
    expect(subjectFor('identity', 'user', '8d1c0c3e-2f5e-4b7a-9d0b-6a0e8f6f7d11')).toBe(
      'identity.user.8d1c0c3e-2f5e-4b7a-9d0b-6a0e8f6f7d11',
    );
    expect(subjectFor('identity', 'user', 'u1', 't3f9a1c2')).toBe('t3f9a1c2.identity.user.u1');
    expect(contextSubjects('identity')).toBe('identity.>');
    expect(contextSubjects('identity', 't3f9a1c2')).toBe('t3f9a1c2.identity.>');
    expect(aggregateSubjects('identity', 'user', 'ns1')).toBe('ns1.identity.user.>');
  });

  it.each(['a.b', 'a*', '>', 'a b', '', 'x'.repeat(201)])(
    'refuses aggregate id %j (it would not be one literal token)',
    (id) => {
      expect(() => subjectFor('identity', 'user', id)).toThrow(InvalidNameError);
    },
  );

  it.each(['', 'a.b', 'a b', '*', 'ü'])('refuses context, aggregate or namespace %j', (bad) => {
    expect(() => streamName(bad)).toThrow(InvalidNameError);
    expect(() => subjectFor('identity', bad, 'x')).toThrow(InvalidNameError);
    if (bad !== '') expect(() => streamName('identity', bad)).toThrow(InvalidNameError);
  });
});
