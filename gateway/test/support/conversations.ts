import {
  startTestConversations,
  type TestConversations,
} from '@parley/conversations/test/test-conversations';
import { callerTokenSigner, callUnary, createClient, loadService } from '@parley/grpc';
import { eventually as retry } from '@parley/testing';
import { addDomain, startTestContent, type TestContent } from './content';
import { startTestDomains, type TestDomains } from './domains';
import { logIn, PASSWORD, registerOwner, uniqueEmail, type Registered } from './flows';
import type { GatewayClient } from './http-client';
import { FRONTEND, startStack, type TestGateway, type TestStack } from './stack';

// The services' own int tests start the real conversations service the same way.
export { startTestConversations, type TestConversations };

/** A stack with the real domains, content and conversations services behind one gateway. */
export interface ConversationsWorld {
  stack: TestStack;
  domains: TestDomains;
  content: TestContent;
  conversations: TestConversations;
  gateway: TestGateway;
  dispose(): Promise<void>;
}

/** `gatewayEnv`: the gateway's own settings on top of the world's (limits a test makes small). */
export async function startConversationsWorld(
  gatewayEnv: Record<string, string> = {},
): Promise<ConversationsWorld> {
  const stack = await startStack();
  const [domains, content, conversations] = await Promise.all([
    startTestDomains(stack.namespace),
    startTestContent(stack.namespace),
    startTestConversations(stack.namespace),
  ]);
  const gateway = await stack.startGateway({
    DOMAINS_GRPC_URL: domains.grpcUrl,
    CONTENT_GRPC_URL: content.grpcUrl,
    CONVERSATIONS_GRPC_URL: conversations.grpcUrl,
    ...gatewayEnv,
  });
  return {
    stack,
    domains,
    content,
    conversations,
    gateway,
    dispose: async () => {
      await stack.dispose();
      await Promise.all([domains.stop(), content.stop(), conversations.stop()]);
    },
  };
}

export interface SignedInOwner {
  client: GatewayClient;
  user: Registered['user'];
  /** For what cannot use the cookie: a socket's `auth.token`. */
  accessToken: string;
  domainId: string;
}

/** A new owner signed in by cookie (from the frontend's origin) with one domain every service knows. */
export async function ownerWithDomain(world: ConversationsWorld): Promise<SignedInOwner> {
  const client = world.stack.client({ gateway: world.gateway, origin: FRONTEND });
  const { user, accessToken } = await registerOwner(world.stack, client);
  const domainId = await addDomain(client, world.content);
  await world.conversations.knowsDomain(domainId);
  return { client, user, accessToken, domainId };
}

/** An AGENT of the owner's account (invited and accepted through identity), signed in by cookie. */
export async function agentOf(
  world: ConversationsWorld,
  owner: Registered['user'],
): Promise<{ client: GatewayClient; user: Registered['user'] }> {
  const Identity = loadService('identity/v1/identity.proto', 'parley.identity.v1.Identity');
  const grpc = createClient(Identity, `127.0.0.1:${world.stack.identity.grpcPort}`, {
    callerToken: callerTokenSigner(world.stack.callerTokenSecret, 'test'),
  });
  const email = uniqueEmail('agent');
  try {
    const invited = await callUnary<object, { id: string }>(
      grpc,
      'inviteTeamMember',
      { caller: { userId: owner.id, role: owner.role, accountId: owner.accountId }, email },
      { deadlineMs: 15_000 },
    );
    await callUnary(
      grpc,
      'acceptTeamInvite',
      {
        token: await world.stack.teamInviteToken(invited.id),
        fullname: 'Grace Hopper',
        password: PASSWORD,
        confirmPassword: PASSWORD,
        client: { ip: '198.51.100.9', userAgent: 'jest' },
      },
      { deadlineMs: 15_000 },
    );
  } finally {
    grpc.close();
  }
  const client = world.stack.client({ gateway: world.gateway, origin: FRONTEND });
  const { user } = await logIn(client, email, PASSWORD);
  return { client, user };
}

/** A widget visitor of a domain: the session's token as bearer, no cookies, the gateway's own origin. */
export async function visitorOf(
  world: ConversationsWorld,
  domainId: string,
  visitorKey?: string,
): Promise<{ client: GatewayClient; session: WidgetSession }> {
  const client = world.stack.client({ gateway: world.gateway, origin: world.gateway.url });
  const res = await client.post('/api/widget/session', { domainId, ...(visitorKey ? { visitorKey } : {}) });
  if (res.status !== 200) throw new Error(`widget session failed: ${res.status} ${JSON.stringify(res.body)}`);
  const session = (res.body as { data: WidgetSession }).data;
  client.bearer = session.token;
  return { client, session };
}

export interface WidgetSession {
  token: string;
  expiresAt: string;
  customerId: string;
  domainId: string;
  roomId: string | null;
  visitorKey: string;
  email: string | null;
}

/**
 * Retries `check` until it passes. Conversations answers a command from its event log and updates
 * its read models (lists, message lists) just after, so a read right after a write may lag.
 */
export function eventually(check: () => Promise<void>, timeoutMs = 10_000): Promise<void> {
  return retry(check, timeoutMs, 50);
}
