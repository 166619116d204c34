// A DNS server on a loopback UDP port that answers A queries for names the test sets, like the
// cluster DNS answers for a headless Service (one A record per ready pod). A client reaches it
// with a `dns://127.0.0.1:<port>/<name>:<port>` target; the machine's resolver is never changed.
import { createSocket, type RemoteInfo } from 'node:dgram';

const TYPE_A = 1;
const CLASS_IN = 1;

export interface TestDnsServer {
  port: number;
  /** The A records `name` resolves to from now on (none: NXDOMAIN). */
  set(name: string, addresses: string[]): void;
  /** A queries answered per name, to see when a client resolved again. */
  queries(name: string): number;
  close(): Promise<void>;
}

export async function startTestDnsServer(): Promise<TestDnsServer> {
  const records = new Map<string, string[]>();
  const asked = new Map<string, number>();
  const socket = createSocket('udp4');

  socket.on('message', (query: Buffer, from: RemoteInfo) => {
    const answer = respond(query, records, asked);
    if (answer) socket.send(answer, from.port, from.address);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.bind(0, '127.0.0.1', () => resolve());
  });
  return {
    port: socket.address().port,
    set: (name, addresses) => void records.set(name.toLowerCase(), addresses),
    queries: (name) => asked.get(name.toLowerCase()) ?? 0,
    close: () => new Promise((resolve) => socket.close(() => resolve())),
  };
}

function respond(
  query: Buffer,
  records: Map<string, string[]>,
  asked: Map<string, number>,
): Buffer | undefined {
  if (query.length < 12 || query.readUInt16BE(4) !== 1) return undefined;
  // The question: labels up to a zero byte, then type and class.
  const labels: string[] = [];
  let at = 12;
  while (at < query.length && query[at] !== 0) {
    const len = query[at]!;
    labels.push(query.subarray(at + 1, at + 1 + len).toString('ascii'));
    at += 1 + len;
  }
  const questionEnd = at + 5;
  if (questionEnd > query.length) return undefined;
  const type = query.readUInt16BE(at + 1);
  const name = labels.join('.').toLowerCase();
  const addresses = records.get(name);
  const answers = type === TYPE_A && addresses ? addresses : [];
  if (type === TYPE_A) asked.set(name, (asked.get(name) ?? 0) + 1);

  const header = Buffer.alloc(12);
  header.writeUInt16BE(query.readUInt16BE(0), 0); // id
  const recursionDesired = query.readUInt16BE(2) & 0x0100;
  // A response, authoritative; NXDOMAIN for names it does not know (AAAA and TXT of a known name:
  // no records, as for a headless Service in an IPv4 cluster).
  header.writeUInt16BE(0x8400 | recursionDesired | (addresses ? 0 : 3), 2);
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(answers.length, 6);
  const records_ = answers.map((ip) => {
    const rr = Buffer.alloc(16);
    rr.writeUInt16BE(0xc00c, 0); // the name: a pointer to the question's
    rr.writeUInt16BE(TYPE_A, 2);
    rr.writeUInt16BE(CLASS_IN, 4);
    rr.writeUInt32BE(1, 6); // TTL 1 s
    rr.writeUInt16BE(4, 10);
    ip.split('.').forEach((octet, i) => rr.writeUInt8(Number(octet), 12 + i));
    return rr;
  });
  return Buffer.concat([header, query.subarray(12, questionEnd), ...records_]);
}
