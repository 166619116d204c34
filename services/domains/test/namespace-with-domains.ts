import { connectTestNats, deleteNamespaceStreams, randomNamespace } from '@parley/testing';
import { domainsClient, type TestCaller } from './domains-client';
import { startTestDomains, type TestDomains } from './test-domains';

/**
 * A fresh event namespace with the real domains service in it, for a service tested beside it:
 * the domains that service hears of are the ones added and deleted through `call`.
 */
export interface NamespaceWithDomains {
  namespace: string;
  domains: TestDomains;
  /** A call on the domains service as `caller`, an owner. */
  call<Res = Record<string, unknown>>(method: string, request: object, caller: TestCaller): Promise<Res>;
  /** Stops domains and removes the namespace's streams: stop the service beside it first. */
  stop(): Promise<void>;
}

export async function startNamespaceWithDomains(): Promise<NamespaceWithDomains> {
  const nc = await connectTestNats();
  const namespace = randomNamespace();
  const domains = await startTestDomains(namespace).catch(async (e: unknown) => {
    await nc.close();
    throw e;
  });
  const client = domainsClient(domains.service.grpcPort);
  return {
    namespace,
    domains,
    call: client.call,
    stop: async () => {
      client.close();
      await domains.stop();
      await deleteNamespaceStreams(nc, namespace).catch(() => undefined);
      await nc.close();
    },
  };
}
