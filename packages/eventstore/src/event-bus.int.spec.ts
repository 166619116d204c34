import type { ConnectionOptions } from 'nats';
import { TEST_NATS_URL } from '@parley/testing';
import { connectEventBus } from './event-bus';

describe('connectEventBus', () => {
  it('connects under the service name and keeps reconnecting for as long as the process lives', async () => {
    const nc = await connectEventBus(TEST_NATS_URL, 'billing');
    try {
      const reply = nc.subscribe('event-bus-test.echo', { max: 1, callback: (_, m) => m.respond(m.data) });
      const answer = await nc.request('event-bus-test.echo', new TextEncoder().encode('ping'), {
        timeout: 5000,
      });
      expect(new TextDecoder().decode(answer.data)).toBe('ping');
      reply.unsubscribe();

      // nats.js keeps the options it connected with on the connection; they are not in its types.
      const { options } = nc as unknown as { options: ConnectionOptions };
      expect(options).toMatchObject({ name: 'billing', maxReconnectAttempts: -1 });
    } finally {
      await nc.drain();
    }
  });
});
