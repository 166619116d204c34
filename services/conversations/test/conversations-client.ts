import { randomUUID } from 'node:crypto';
import { callUnary, createClient, loadService } from '@parley/grpc';

export interface TestCaller {
  userId: string;
  role: 'OWNER' | 'ADMIN' | 'AGENT';
  accountId: string;
}

/** An owner is their own account. */
export const newOwner = (): TestCaller => {
  const id = randomUUID();
  return { userId: id, role: 'OWNER', accountId: id };
};

export const agentOf = (owner: TestCaller): TestCaller => ({
  userId: randomUUID(),
  role: 'AGENT',
  accountId: owner.accountId,
});

/** The service's gRPC API as the gateway (and the assistant) call it. */
export function conversationsClient(port: number) {
  const Service = loadService(
    'conversations/v1/conversations.proto',
    'parley.conversations.v1.Conversations',
  );
  const client = createClient(Service, `127.0.0.1:${port}`);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const call = <Res = any>(method: string, request: object) =>
    callUnary<object, Res>(client, method, request, { deadlineMs: 20_000 });
  return { call, close: () => client.close() };
}

/** The AppError a call rejected with, or a failure when it did not reject. */
export async function refusal(
  promise: Promise<unknown>,
): Promise<{ kind: string; message: string; code?: string; fields: { field: string; message: string }[] }> {
  try {
    await promise;
  } catch (e) {
    return e as {
      kind: string;
      message: string;
      code?: string;
      fields: { field: string; message: string }[];
    };
  }
  throw new Error('expected the call to be refused');
}
