import { randomUUID } from 'node:crypto';
import { callerTokenSigner, callUnary, createClient, loadService } from '@parley/grpc';
import { runDir } from '../../scripts/lib/paths.mjs';
import { resolveProfile } from '../../scripts/lib/profiles.mjs';
import { ensureLocalSecrets } from '../../scripts/lib/secrets.mjs';

/**
 * `count` visitors of `domainId` who each wrote `content`, through the test stack's conversations
 * service as the gateway calls it: many rooms at once would trip the widget's per-address rate
 * limits (60 sessions, 40 messages a minute), which are not what a long-list test is about.
 * Answers the rooms' ids, oldest first.
 */
export async function seedConversations(domainId: string, count: number, content: string): Promise<string[]> {
  const conversations = createClient(
    loadService('conversations/v1/conversations.proto', 'parley.conversations.v1.Conversations'),
    `127.0.0.1:${resolveProfile('test').ports.conversationsGrpc}`,
    { callerToken: callerTokenSigner(ensureLocalSecrets(runDir).CALLER_TOKEN_SECRET, 'gateway') },
  );
  const call = <Res>(method: string, request: object) =>
    callUnary<object, Res>(conversations, method, request, { deadlineMs: 20_000 });
  try {
    const rooms: string[] = [];
    for (let i = 0; i < count; i++) {
      const session = await call<{ customerId: string; keyId: string }>('OpenVisitorSession', {
        domainId,
        visitorKey: '',
      });
      const visitor = { customerId: session.customerId, domainId, keyId: session.keyId };
      const posted = await call<{ room: { id: string } }>('PostVisitorMessage', {
        visitor,
        content: `${content} ${i + 1}`,
        clientId: randomUUID(),
      });
      rooms.push(posted.room.id);
    }
    return rooms;
  } finally {
    conversations.close();
  }
}
