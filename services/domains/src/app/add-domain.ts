import { randomUUID } from 'node:crypto';
import { isAppError, type DomainDetailView } from '@parley/contracts';
import { addDomainSchema } from '@parley/contracts/validation';
import { executeCommand } from '@parley/eventstore';
import { accountDecider } from '../domain/account/decide';
import type { AccountState } from '../domain/account/state';
import { domainDecider } from '../domain/domain/decide';
import { hostnameDecider } from '../domain/hostname/decide';
import { planLimitOf } from '../projections/account-plans/queries';
import { domainOfAccount } from '../projections/domains/queries';
import { loadState, subjects } from './aggregates';
import type { Caller, DomainsDeps } from './deps';
import { validate } from './validate';

/** An add that has not finished after this long stopped half-way (a crash); its place is free again. */
const ABANDONED_AFTER_MS = 60_000;

/**
 * Adds a domain in three appends, each race-free on its own subject: take a place on the account
 * (the plan's limit), claim the hostname (unique across the platform), record the domain. JetStream
 * cannot append to several subjects atomically, so a refused claim gives the place back, and a
 * step interrupted by a crash is recognised later as abandoned and cleared by the next add.
 */
export async function addDomain(
  deps: DomainsDeps,
  caller: Caller,
  input: { domain: unknown },
): Promise<DomainDetailView> {
  const { domain } = validate(addDomainSchema, { domain: input.domain });
  const { store, clock } = deps;
  const at = subjects(store);
  const domainId = randomUUID();
  const limit = await planLimitOf(deps.pool, caller.accountId);

  const account = await loadState(store, at.account(caller.accountId), accountDecider);
  await executeCommand(
    store,
    at.account(caller.accountId),
    accountDecider,
    {
      type: 'ReserveDomain',
      domainId,
      domain,
      plan: limit.plan,
      maxDomains: limit.maxDomains,
      abandonedDomainIds: await abandonedPlaces(deps, account.state, limit.maxDomains),
      now: clock(),
    },
    { commandId: `${domainId}-reserve` },
  );

  try {
    const holder = (await loadState(store, at.hostname(domain), hostnameDecider)).state.holder;
    const holderAbandoned =
      holder !== null && (await isAbandoned(deps, holder.domainId, Date.parse(holder.claimedAt)));
    await executeCommand(
      store,
      at.hostname(domain),
      hostnameDecider,
      {
        type: 'ClaimHostname',
        hostname: domain,
        domainId,
        accountId: caller.accountId,
        holderAbandoned,
        now: clock(),
      },
      { commandId: `${domainId}-claim` },
    );
  } catch (e) {
    await giveBackPlace(deps, caller.accountId, domainId);
    throw e;
  }

  const added = await executeCommand(
    store,
    at.domain(domainId),
    domainDecider,
    {
      type: 'AddDomain',
      domainId,
      accountId: caller.accountId,
      domain,
      addedBy: caller.userId,
      now: clock(),
    },
    { commandId: `${domainId}-add`, meta: { actor: caller.userId } },
  );
  await deps.readModels.domains.waitFor(added.version);
  const view = await domainOfAccount(deps.pool, caller.accountId, domainId);
  if (!view) throw new Error(`domain ${domainId} missing from the read model after its add`);
  deps.logger.info({ domainId, accountId: caller.accountId }, 'domain added');
  return view;
}

async function giveBackPlace(deps: DomainsDeps, accountId: string, domainId: string): Promise<void> {
  try {
    await executeCommand(
      deps.store,
      subjects(deps.store).account(accountId),
      accountDecider,
      { type: 'ReleaseDomain', domainId, now: deps.clock() },
      { commandId: randomUUID() },
    );
  } catch (e) {
    // The next add finds the place abandoned and frees it.
    if (!isAppError(e)) deps.logger.warn({ err: e, domainId }, 'could not give back a domain place');
  }
}

/**
 * Places held for domains that were deleted or whose add never finished. Looked for only when
 * they could matter: when the account has no free place left.
 */
async function abandonedPlaces(
  deps: DomainsDeps,
  account: AccountState,
  maxDomains: number,
): Promise<string[]> {
  const held = Object.entries(account.domains);
  if (maxDomains === -1 || held.length < maxDomains) return [];
  const abandoned = await Promise.all(
    held.map(([id, place]) => isAbandoned(deps, id, Date.parse(place.reservedAt))),
  );
  return held.filter((_, i) => abandoned[i]).map(([id]) => id);
}

/** A domain that was deleted, or never recorded although its add started long ago. */
async function isAbandoned(deps: DomainsDeps, domainId: string, startedAt: number): Promise<boolean> {
  const { state } = await loadState(deps.store, subjects(deps.store).domain(domainId), domainDecider);
  if (state.status === 'deleted') return true;
  return state.status === 'none' && deps.clock() - startedAt > ABANDONED_AFTER_MS;
}
