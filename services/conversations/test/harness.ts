import {
  connectTestNats,
  deleteNamespaceStreams,
  domainsEvents,
  eventually,
  randomNamespace,
} from '@parley/testing';
import type { NatsConnection } from 'nats';
import type { StartOptions } from '../src/start';
import { newOwner } from './conversations-client';
import { startTestConversations } from './test-conversations';

/** The service in-process on a free port, its own database and event namespace. */
export async function startHarness(options: StartOptions = {}) {
  const nc: NatsConnection = await connectTestNats();
  const namespace = randomNamespace();
  const conversations = await startTestConversations(namespace, options);
  const { call } = conversations;
  return {
    db: conversations.db,
    nc,
    namespace,
    call,
    domains: domainsEvents(nc, namespace),
    /** A new visitor of `domainId`, once the domain has reached the service's read model. */
    async newVisitor(domainId: string) {
      const session = await eventually(() => call('OpenVisitorSession', { domainId, visitorKey: '' }));
      const visitor = { customerId: session.customerId as string, domainId, keyId: session.keyId as string };
      return { session, visitor };
    },
    async stop() {
      await conversations.stop();
      await deleteNamespaceStreams(nc, namespace).catch(() => undefined);
      await nc.close();
    },
  };
}

export type Harness = Awaited<ReturnType<typeof startHarness>>;

/** The harness with one owner whose domain has been added: where most suites start. */
export async function startHarnessWithDomain(options: StartOptions = {}) {
  const h = await startHarness(options);
  try {
    const owner = newOwner();
    const domainId = await h.domains.added(owner.accountId);
    return { h, owner, domainId };
  } catch (e) {
    // The suite never gets `h` to stop.
    await h.stop();
    throw e;
  }
}
