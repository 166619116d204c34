// Health probes the runner waits on: an HTTP answer, or the standard gRPC health service.
import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
import { protoRoot } from './paths.mjs';

/** Resolves true when `url` answers with a status `accept` approves (default: 2xx). */
export async function httpAnswers(url, accept = (status) => status >= 200 && status < 300) {
  const response = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(5000) });
  await response.arrayBuffer().catch(() => undefined);
  if (!accept(response.status)) throw new Error(`${url} answered ${response.status}`);
  return true;
}

let HealthClient;
function healthClientClass() {
  if (!HealthClient) {
    const definition = protoLoader.loadSync('grpc/health/v1/health.proto', {
      includeDirs: [protoRoot],
      enums: String,
    });
    HealthClient = grpc.loadPackageDefinition(definition).grpc.health.v1.Health;
  }
  return HealthClient;
}

/** Resolves true when the gRPC server at `address` reports SERVING; rejects with the reason otherwise. */
export function grpcServing(address, timeoutMs = 3000) {
  const Health = healthClientClass();
  const client = new Health(address, grpc.credentials.createInsecure());
  return new Promise((resolve, reject) => {
    client.check({ service: '' }, { deadline: new Date(Date.now() + timeoutMs) }, (err, res) => {
      client.close();
      if (err) reject(new Error(`gRPC health at ${address}: ${err.details || err.message}`));
      else if (res.status !== 'SERVING') reject(new Error(`gRPC health at ${address}: ${res.status}`));
      else resolve(true);
    });
  });
}
