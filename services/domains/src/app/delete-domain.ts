import { randomUUID } from 'node:crypto';
import { executeCommand } from '@parley/eventstore';
import { accountDecider } from '../domain/account/decide';
import { hostnameDecider } from '../domain/hostname/decide';
import { subjects } from './aggregates';
import type { Caller, DomainsDeps } from './deps';
import { runOnDomain } from './run-on-domain';

/**
 * Deletes a domain: DomainDeleted (other services remove what they keep for it; this service's
 * read model drops its settings, configuration and filter questions), then frees the hostname and
 * the account's place. Should this stop half-way, the next add of the name or on the account sees
 * the domain deleted and frees them itself.
 */
export async function deleteDomain(
  deps: DomainsDeps,
  caller: Caller,
  input: { domainId: string },
): Promise<void> {
  const deleted = await runOnDomain(deps, caller, input.domainId, { type: 'DeleteDomain' });
  const at = subjects(deps.store);
  await executeCommand(
    deps.store,
    at.hostname(deleted.domain),
    hostnameDecider,
    { type: 'ReleaseHostname', domainId: deleted.domainId, now: deps.clock() },
    { commandId: randomUUID() },
  );
  await executeCommand(
    deps.store,
    at.account(deleted.accountId),
    accountDecider,
    { type: 'ReleaseDomain', domainId: deleted.domainId, now: deps.clock() },
    { commandId: randomUUID() },
  );
  deps.logger.info({ domainId: deleted.domainId, accountId: caller.accountId }, 'domain deleted');
}
