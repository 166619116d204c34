import { randomUUID } from 'node:crypto';
import { callUnary, createClient, loadService } from '@parley/grpc';

export interface TestCaller {
  userId: string;
  accountId: string;
}

export const newOwner = (): TestCaller => {
  const id = randomUUID();
  return { userId: id, accountId: id };
};

/** The service's gRPC API as the gateway calls it: the caller in each request's `caller` field. */
export function domainsClient(port: number) {
  const Domains = loadService('domains/v1/domains.proto', 'parley.domains.v1.Domains');
  const client = createClient(Domains, `127.0.0.1:${port}`);
  const call = <Res = Record<string, unknown>>(method: string, request: object, caller?: TestCaller) =>
    callUnary<object, Res>(
      client,
      method,
      caller
        ? { caller: { userId: caller.userId, role: 'OWNER', accountId: caller.accountId }, ...request }
        : request,
      { deadlineMs: 20_000 },
    );
  return { call, close: () => client.close() };
}

/** The AppError a call rejected with, or a failure when it did not reject. */
export async function refusal(
  promise: Promise<unknown>,
): Promise<{ kind: string; message: string; code?: string }> {
  try {
    await promise;
  } catch (e) {
    return e as { kind: string; message: string; code?: string };
  }
  throw new Error('expected the call to be refused');
}
