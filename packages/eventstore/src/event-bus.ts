import { connect, type NatsConnection } from 'nats';

/**
 * A service's connection to NATS, named after the service so the server's monitoring shows who is
 * connected. It reconnects for as long as the process lives: a NATS restart must not leave a
 * running service deaf. `url` may list several servers separated by commas (a cluster's seeds);
 * one is enough, the client learns the cluster's other members from the server it reaches. The
 * caller drains it on stop.
 */
export function connectEventBus(url: string, name: string): Promise<NatsConnection> {
  const servers = url
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return connect({ servers, name, maxReconnectAttempts: -1, noAsyncTraces: true });
}
