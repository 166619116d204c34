import type { ProjectionsClient } from '../clients/projections-client';
import { deadLetterDetails } from './dead-letter-details';

function client(answer: () => Promise<Record<string, number>>): ProjectionsClient & { calls: number } {
  const c = {
    calls: 0,
    deadLetterCounts: () => {
      c.calls++;
      return answer();
    },
    close: () => undefined,
  };
  return c;
}

describe('deadLetterDetails', () => {
  it('asks every service at once and names one that does not answer unavailable', async () => {
    const details = deadLetterDetails({
      services: {
        conversations: client(async () => ({ 'conversations-read-v1': 2 })),
        assistant: client(() => Promise.reject(new Error('deadline exceeded'))),
      },
      deadlineMs: 100,
      reuseMs: 0,
    });
    expect(await details()).toEqual({
      conversations: { 'conversations-read-v1': 2 },
      assistant: 'unavailable',
    });
  });

  it('reuses an answer for a while, and shares one request between probes that come together', async () => {
    let now = 0;
    let count = 1;
    const identity = client(async () => ({ 'identity-users-v1': count }));
    const details = deadLetterDetails({
      services: { identity },
      deadlineMs: 100,
      reuseMs: 5000,
      clock: () => now,
    });
    const [a, b] = await Promise.all([details(), details()]);
    expect(a).toEqual({ identity: { 'identity-users-v1': 1 } });
    expect(b).toBe(a);
    expect(identity.calls).toBe(1);
    count = 3;
    now = 4999;
    expect(await details()).toEqual({ identity: { 'identity-users-v1': 1 } });
    now = 5000;
    expect(await details()).toEqual({ identity: { 'identity-users-v1': 3 } });
    expect(identity.calls).toBe(2);
  });
});
