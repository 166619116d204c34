#!/usr/bin/env node
// Container health check without extra binaries: `node healthcheck.mjs http://127.0.0.1:4000/readyz`
// passes on a 2xx answer; `node healthcheck.mjs grpc://127.0.0.1:50051` on a SERVING answer from
// the standard gRPC health service. Exit code 0 = healthy, 1 = not.
const target = process.argv[2];
const TIMEOUT_MS = 4000;

async function checkHttp(url) {
  const res = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS), redirect: 'manual' });
  if (res.status < 200 || res.status >= 400) throw new Error(`${url} answered ${res.status}`);
}

async function checkGrpc(address) {
  // Only the services' images have gRPC installed; imported here so the frontend image needs none.
  const grpc = await import('@grpc/grpc-js');
  const protoLoader = await import('@grpc/proto-loader');
  const root = process.env.PROTO_ROOT ?? '/app/proto';
  const definition = protoLoader.loadSync('grpc/health/v1/health.proto', {
    includeDirs: [root],
    enums: String,
  });
  const Health = grpc.loadPackageDefinition(definition).grpc.health.v1.Health;
  const client = new Health(address, grpc.credentials.createInsecure());
  await new Promise((resolve, reject) =>
    client.check({ service: '' }, { deadline: new Date(Date.now() + TIMEOUT_MS) }, (err, res) => {
      client.close();
      if (err) reject(err);
      else if (res.status !== 'SERVING') reject(new Error(`status ${res.status}`));
      else resolve();
    }),
  );
}

try {
  if (!target) throw new Error('usage: healthcheck.mjs <http://host:port/path | grpc://host:port>');
  if (target.startsWith('grpc://')) await checkGrpc(target.slice('grpc://'.length));
  else await checkHttp(target);
  process.exit(0);
} catch (e) {
  console.error(`unhealthy: ${e instanceof Error ? e.message : e}`);
  process.exit(1);
}
