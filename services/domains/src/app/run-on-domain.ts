import { randomUUID } from 'node:crypto';
import { executeCommand } from '@parley/eventstore';
import type { DomainCommand } from '../domain/domain/commands';
import { domainDecider } from '../domain/domain/decide';
import type { DomainState } from '../domain/domain/state';
import { domainNotFound } from '../domain/shared/errors';
import { subjects } from './aggregates';
import type { Caller, DomainsDeps } from './deps';
import { assertWritable } from './read-only';
import { isId } from './validate';

type Command = DomainCommand extends infer C
  ? C extends { accountId: string }
    ? Omit<C, 'accountId' | 'now'>
    : never
  : never;

/**
 * Runs a command on one of the caller's domains (the decider refuses another account's as not
 * found) and waits until the read model shows it, so the caller reads its own write. Every change
 * but deletion needs the domain within the plan's limit (read-only.ts).
 */
export async function runOnDomain(
  deps: DomainsDeps,
  caller: Caller,
  domainId: string,
  command: Command,
): Promise<DomainState> {
  if (!isId(domainId)) throw domainNotFound();
  if (command.type !== 'DeleteDomain') await assertWritable(deps, caller.accountId, domainId);
  const outcome = await executeCommand(
    deps.store,
    subjects(deps.store).domain(domainId),
    domainDecider,
    { ...command, accountId: caller.accountId, now: deps.clock() } as DomainCommand,
    { commandId: randomUUID(), meta: { actor: caller.userId } },
  );
  if (outcome.events.length > 0) await deps.readModels.domains.waitFor(outcome.version);
  return outcome.state;
}
