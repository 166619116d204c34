import { randomUUID } from 'node:crypto';
import { identityError } from '@parley/contracts';
import { API_KEY_MESSAGES, apiKeyCreateSchema, MAX_ACTIVE_API_KEYS } from '@parley/contracts/validation';
import { executeCommand } from '@parley/eventstore';
import type { Caller } from '@parley/grpc';
import { apiKeyDecider } from '../../domain/apikey/decide';
import { activeApiKeyCount, apiKeyView, type ApiKeyView } from '../../projections/apikeys/queries';
import { iso } from '../../domain/shared/time';
import { subjects } from '../aggregates';
import type { IdentityDeps } from '../deps';
import { verifiedCaller } from '../team/team-caller';
import { validate } from '../validate';
import { issueApiKey } from './api-key-token';

/**
 * The owner creates a key with a name and scopes; the key is in this answer and nowhere else.
 * Whether the plan includes the API is billing's to say: the gateway asks it first.
 */
export async function createApiKey(
  deps: IdentityDeps,
  input: { caller: Caller; name: unknown; scopes: unknown },
): Promise<ApiKeyView & { key: string }> {
  const { name, scopes } = validate(apiKeyCreateSchema, { name: input.name, scopes: input.scopes });
  const owner = await verifiedCaller(deps, input.caller, ['OWNER']);
  if ((await activeApiKeyCount(deps.pool, owner.accountId)) >= MAX_ACTIVE_API_KEYS) {
    throw identityError('conflict', API_KEY_MESSAGES.tooMany, 'TOO_MANY_API_KEYS');
  }
  const keyId = randomUUID();
  const issued = issueApiKey(deps, keyId);
  const now = deps.clock();
  const created = await executeCommand(
    deps.store,
    subjects(deps.store).apiKey(keyId),
    apiKeyDecider,
    {
      type: 'CreateApiKey',
      keyId,
      accountId: owner.accountId,
      name,
      scopes,
      prefix: issued.prefix,
      keyHash: issued.hash,
      createdBy: owner.userId,
      now,
    },
    { commandId: randomUUID() },
  );
  await deps.readModels.apiKeys.waitFor(created.version);
  const view = apiKeyView({
    id: keyId,
    account_id: owner.accountId,
    name,
    scopes,
    prefix: issued.prefix,
    key_hash: issued.hash,
    created_by: owner.userId,
    created_at: new Date(iso(now)),
    revoked_at: null,
    last_used_at: null,
  });
  return { ...view, key: issued.key };
}
