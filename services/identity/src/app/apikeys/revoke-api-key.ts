import { randomUUID } from 'node:crypto';
import { executeCommand } from '@parley/eventstore';
import type { Caller } from '@parley/grpc';
import { apiKeyDecider, apiKeyNotFound } from '../../domain/apikey/decide';
import { subjects } from '../aggregates';
import type { IdentityDeps } from '../deps';
import { UUID_PATTERN } from '../ids';
import { verifiedCaller } from '../team/team-caller';

/** The owner revokes a key: once the read model has it (awaited here), the key is refused. */
export async function revokeApiKey(
  deps: IdentityDeps,
  input: { caller: Caller; keyId: string },
): Promise<void> {
  const owner = await verifiedCaller(deps, input.caller, ['OWNER']);
  if (!UUID_PATTERN.test(input.keyId)) throw apiKeyNotFound();
  const revoked = await executeCommand(
    deps.store,
    subjects(deps.store).apiKey(input.keyId.toLowerCase()),
    apiKeyDecider,
    { type: 'RevokeApiKey', accountId: owner.accountId, revokedBy: owner.userId, now: deps.clock() },
    { commandId: randomUUID() },
  );
  await deps.readModels.apiKeys.waitFor(revoked.version);
}
