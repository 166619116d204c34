/**
 * REFERENCE=1: the product's figures over the reference's (reference-server.ts), from the two
 * runs' results. Above 1 means the product spends or waits more (throughput: the product's msg/s
 * over the reference's, so below 1 means it delivers less).
 */
import { round } from './stats';

/** What runOnce returns: its JSON line. */
export type Results = Record<string, unknown>;

interface Figures {
  messagesPerSecond: number;
  cpuMs: Record<string, number>;
  sustainedP50: number;
  sustainedP99: number;
  heapKbPerSocket: number;
}

function figuresOf(r: Results): Figures {
  const burst = r.burst as { messagesPerSecond: number; cpuPerMessageMs: Record<string, number> };
  const sustained = r.sustained as { latencyMs: { p50: number; p99: number } };
  const memory = r.memory as { perSocket: { heapKb: number } };
  return {
    messagesPerSecond: burst.messagesPerSecond,
    cpuMs: burst.cpuPerMessageMs,
    sustainedP50: sustained.latencyMs.p50,
    sustainedP99: sustained.latencyMs.p99,
    heapKbPerSocket: memory.perSocket.heapKb,
  };
}

const ratio = (a: number, b: number) => (b > 0 ? round(a / b, 2) : null);

/**
 * The path's CPU per message: the Node servers plus NATS, Redis and PostgreSQL (those three are
 * upper bounds: they serve whatever else runs on the machine). "machine" adds everything else on
 * the host, other engineers' suites included, so on a shared machine this is the fairer ratio.
 */
function pathCpuMs(cpu: Record<string, number>): number {
  return round(serverCpuMs(cpu) + (cpu.nats ?? 0) + (cpu.redis ?? 0) + (cpu.postgresql ?? 0), 3);
}

/** The server processes' CPU per message: the product's gateways and services, the reference server. */
function serverCpuMs(cpu: Record<string, number>): number {
  const servers = Object.entries(cpu).filter(([name]) =>
    /^(gateway\d+|identity|conversations|reference)$/.test(name),
  );
  return round(
    servers.reduce((t, [, ms]) => t + ms, 0),
    3,
  );
}

export function referenceRatios(product: Results, reference: Results): Results {
  const p = figuresOf(product);
  const r = figuresOf(reference);
  const line = {
    bench: 'realtime-reference-ratios',
    product: {
      messagesPerSecond: p.messagesPerSecond,
      cpuMsPerMessage: {
        machine: p.cpuMs.machine,
        path: pathCpuMs(p.cpuMs),
        node: serverCpuMs(p.cpuMs),
        nats: p.cpuMs.nats,
        redis: p.cpuMs.redis,
      },
      sustainedMs: { p50: p.sustainedP50, p99: p.sustainedP99 },
      heapKbPerSocket: p.heapKbPerSocket,
    },
    reference: {
      messagesPerSecond: r.messagesPerSecond,
      cpuMsPerMessage: {
        machine: r.cpuMs.machine,
        path: pathCpuMs(r.cpuMs),
        node: serverCpuMs(r.cpuMs),
        nats: r.cpuMs.nats,
        redis: r.cpuMs.redis,
      },
      sustainedMs: { p50: r.sustainedP50, p99: r.sustainedP99 },
      heapKbPerSocket: r.heapKbPerSocket,
    },
    productOverReference: {
      throughput: ratio(p.messagesPerSecond, r.messagesPerSecond),
      cpuMsPerMessagePath: ratio(pathCpuMs(p.cpuMs), pathCpuMs(r.cpuMs)),
      cpuMsPerMessageMachine: ratio(p.cpuMs.machine ?? 0, r.cpuMs.machine ?? 0),
      cpuMsPerMessageNodeServers: ratio(serverCpuMs(p.cpuMs), serverCpuMs(r.cpuMs)),
      sustainedP99: ratio(p.sustainedP99, r.sustainedP99),
    },
  };
  console.log(
    `product / reference: throughput ${p.messagesPerSecond} / ${r.messagesPerSecond} msg/s = ${line.productOverReference.throughput}; ` +
      `CPU-ms per message on the path (Node servers, NATS, Redis, PostgreSQL) ${line.product.cpuMsPerMessage.path} / ${line.reference.cpuMsPerMessage.path} = ${line.productOverReference.cpuMsPerMessagePath}, ` +
      `every process on the machine ${p.cpuMs.machine} / ${r.cpuMs.machine} = ${line.productOverReference.cpuMsPerMessageMachine}, ` +
      `the Node servers ${line.product.cpuMsPerMessage.node} / ${line.reference.cpuMsPerMessage.node} = ${line.productOverReference.cpuMsPerMessageNodeServers}; ` +
      `sustained p99 ${p.sustainedP99} / ${r.sustainedP99} ms = ${line.productOverReference.sustainedP99}`,
  );
  return line;
}
