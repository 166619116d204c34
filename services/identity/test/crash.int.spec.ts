import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { callUnary } from '@parley/grpc';
import {
  answers,
  createWorld,
  details,
  identityClient,
  latestCode,
  uniqueEmail,
  type Session,
  type Ticket,
  type TestWorld,
} from './harness';

const repoRoot = resolve(__dirname, '../../..');
jest.setTimeout(120_000);

let world: TestWorld;
let bundleDir: string;
let child: ChildProcess | undefined;

function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? ok(address.port) : fail(new Error('no port')),
      );
    });
  });
}

/** Runs the bundled program like production does; resolves once it answers /readyz. */
async function launch(
  env: Record<string, string>,
  httpPort: number,
): Promise<{ process: ChildProcess; output: () => string }> {
  let output = '';
  const proc = spawn(process.execPath, [join(bundleDir, 'main.js')], {
    cwd: repoRoot,
    env: { ...process.env, ...env, NODE_PATH: join(repoRoot, 'node_modules') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  proc.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  proc.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (proc.exitCode !== null) throw new Error(`identity exited with ${proc.exitCode}:\n${output}`);
    const ready = await fetch(`http://127.0.0.1:${httpPort}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return { process: proc, output: () => output };
    await new Promise((r) => setTimeout(r, 200));
  }
  proc.kill('SIGKILL');
  throw new Error(`identity did not become ready:\n${output}`);
}

function killHard(proc: ChildProcess): Promise<void> {
  return new Promise((ok) => {
    if (proc.exitCode !== null || proc.signalCode !== null) return ok();
    proc.once('exit', () => ok());
    proc.kill('SIGKILL');
  });
}

beforeAll(async () => {
  world = await createWorld();
  bundleDir = mkdtempSync(join(tmpdir(), 'identity-crash-'));
  await promisify(execFile)(
    process.execPath,
    ['scripts/bundle.mjs', 'services/identity/src/main.ts', join(bundleDir, 'main.js')],
    {
      cwd: repoRoot,
    },
  );
});

afterAll(async () => {
  if (child) await killHard(child);
  await world?.dispose();
  rmSync(bundleDir, { recursive: true, force: true });
});

it('an account signed up just before a kill -9 still logs in after a restart', async () => {
  const [grpcPort, httpPort] = [await freePort(), await freePort()];
  const env = {
    ...world.env,
    IDENTITY_GRPC_PORT: String(grpcPort),
    IDENTITY_HTTP_PORT: String(httpPort),
    LOG_LEVEL: 'info',
  };
  const address = `127.0.0.1:${grpcPort}`;
  const call = <Res>(method: string, request: object) => {
    const client = identityClient(address);
    return callUnary<object, Res>(client, method, request, { deadlineMs: 20_000 }).finally(() =>
      client.close(),
    );
  };

  const first = await launch(env, httpPort);
  child = first.process;
  const email = uniqueEmail('crash');
  const ticket = await call<Ticket>('startSignup', details(email));
  await call('verifySignupCode', {
    signupId: ticket.signupId,
    otp: await latestCode(world, ticket.signupId),
  });
  const signedUp = await call<Session>('completeOnboarding', { signupId: ticket.signupId, ...answers });
  await killHard(first.process);
  expect(first.process.signalCode).toBe('SIGKILL');

  const second = await launch(env, httpPort);
  child = second.process;
  const session = await call<Session>('login', { email, password: 'Secret_pass-1' });
  expect(session.user).toEqual(signedUp.user);
  await expect(call('getUser', { userId: signedUp.user.id })).resolves.toEqual(signedUp.user);
  await expect(call('refresh', { refreshToken: signedUp.refreshToken })).resolves.toMatchObject({
    user: { id: signedUp.user.id },
  });

  second.process.kill('SIGTERM');
  await new Promise((ok) => second.process.once('exit', ok));
  expect(second.process.exitCode).toBe(0);
  child = undefined;
});
