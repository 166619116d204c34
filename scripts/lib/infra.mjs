// PostgreSQL, Redis and NATS run on every development and CI machine of this kind. When one is
// down, the runner starts it with the machine's own command rather than asking a person to.
import { execSync } from 'node:child_process';
import { canConnect, waitUntil } from './net.mjs';

export const infrastructure = [
  {
    name: 'PostgreSQL',
    port: 5432,
    start: 'pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start',
  },
  {
    name: 'Redis',
    port: 6379,
    start:
      'mkdir -p /var/lib/redis /var/log/redis && redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no --dir /var/lib/redis --logfile /var/log/redis/ci.log',
  },
  {
    name: 'NATS',
    port: 4222,
    start:
      'mkdir -p /var/lib/nats-server && start-stop-daemon --start --oknodo --background --exec /usr/sbin/nats-server -- -a 127.0.0.1 -p 4222 -js -sd /var/lib/nats-server -l /var/log/nats-server.log',
  },
];

/** Makes sure each server answers on 127.0.0.1; starts the ones that do not. Throws if one cannot. */
export async function ensureInfrastructure(log) {
  for (const server of infrastructure) {
    if (await canConnect(server.port)) continue;
    log(`${server.name} is not reachable on 127.0.0.1:${server.port}; starting it: ${server.start}`);
    try {
      execSync(server.start, { stdio: ['ignore', 'pipe', 'pipe'], shell: '/bin/bash', timeout: 60000 });
    } catch (e) {
      const output = `${e.stdout ?? ''}${e.stderr ?? ''}`.trim();
      throw new Error(`could not start ${server.name} (${server.start}): ${output || e.message}`, {
        cause: e,
      });
    }
    await waitUntil(`${server.name} on 127.0.0.1:${server.port}`, () => canConnect(server.port), {
      timeoutMs: 30000,
    });
    log(`${server.name} started`);
  }
}
