// The replay buffer's record alone: one visitor message's three emissions per event (the room's
// message to its two audiences, one broadcast, and the account list's `customer-message`), as the
// relay records them, IN_FLIGHT at a time. Prints this process's and Redis's CPU per record.
// The whole-path bench (realtime.ts) cannot resolve a few µs of Redis on a shared host, and its
// Redis serves everything else running: point REDIS_URL at a Redis of this bench's own and
// REDIS_PID at its process (see docs/benchmarks.md, runs AN). It writes under a fresh prefix and
// deletes it afterwards.
import { readFileSync } from 'node:fs';
import { createClient, type RedisClientType } from 'redis';
import { createReplayBuffer } from '../../gateway/src/realtime/replay-buffer';
import { intSetting } from './settings';

const RECORDS = intSetting('RECORDS', 20_000);
const IN_FLIGHT = intSetting('IN_FLIGHT', 64);
const ROOMS = intSetting('ROOMS', 2_000);
const redisPid = process.env.REDIS_PID ? Number(process.env.REDIS_PID) : undefined;
const TICK_MS = 10; // /proc's clock ticks: 100 a second on Linux

function cpuMsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

function emissionsOf(i: number) {
  const room = `r${i % ROOMS}-0000-0000-0000-000000000000`;
  const message = {
    id: `m${i}-0000-0000-0000-000000000000`,
    roomId: room,
    sender: { type: 'visitor', id: `v${i % ROOMS}`, name: 'Visitor 123' },
    content: 'Hello, I would like to know more about your product and its pricing please, thanks!',
    createdAt: new Date().toISOString(),
    products: [],
  };
  const patch = { room: { id: room, lastMessageAt: message.createdAt, unread: 1 }, message };
  return [
    { room: `room:${room}:team`, channel: room, event: 'chat-message', data: message },
    { room: `room:${room}:visitor`, channel: room, event: 'chat-message', data: message },
    { room: `acct:a${i % 50}:global`, channel: 'chat-global', event: 'customer-message', data: patch },
  ];
}

async function main() {
  const redis = createClient({ url: process.env.REDIS_URL || 'redis://127.0.0.1:6379' }) as RedisClientType;
  await redis.connect();
  const prefix = `bench-record-${process.pid}-${Date.now()}`;
  const buffer = createReplayBuffer(redis, {
    keyPrefix: prefix,
    dedupeTtlMs: 60_000,
    announce: { channel: `${prefix}:rt:relayed`, origin: '00000000-0000-0000-0000-000000000000' },
  });
  // The script cached and every stream begun, as on a gateway that has been running.
  for (let i = 0; i < ROOMS; i++) await buffer.record(`warm:${i}`, emissionsOf(i));
  const redisBefore = redisPid ? cpuMsOf(redisPid) : 0;
  const cpuBefore = process.cpuUsage();
  const start = performance.now();
  let next = 0;
  const recordInTurn = async () => {
    while (next < RECORDS) {
      const i = next++;
      await buffer.record(`e:${i}`, emissionsOf(i));
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, recordInTurn));
  const seconds = (performance.now() - start) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const round = (x: number) => Math.round(x * 10) / 10;
  console.log(
    JSON.stringify({
      bench: 'replay-record',
      records: RECORDS,
      perSecond: Math.round(RECORDS / seconds),
      clientCpuUsPerRecord: round((cpu.user + cpu.system) / RECORDS),
      redisCpuUsPerRecord: redisPid ? round(((cpuMsOf(redisPid) - redisBefore) * 1000) / RECORDS) : null,
      load: readFileSync('/proc/loadavg', 'utf8').split(' ')[0],
    }),
  );
  for await (const keys of redis.scanIterator({ MATCH: `${prefix}:*`, COUNT: 1000 }))
    if (keys.length) await redis.del(keys);
  await redis.close();
}

void main();
