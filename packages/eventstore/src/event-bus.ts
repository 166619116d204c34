import { connect, type NatsConnection } from 'nats';

/**
 * A service's connection to NATS, named after the service so the server's monitoring shows who is
 * connected. It reconnects for as long as the process lives: a NATS restart must not leave a
 * running service deaf. The caller drains it on stop.
 */
export function connectEventBus(url: string, name: string): Promise<NatsConnection> {
  return connect({ servers: url, name, maxReconnectAttempts: -1, noAsyncTraces: true });
}
