import { identityError } from '@parley/contracts';
import { API_KEY_MESSAGES } from '@parley/contracts/validation';
import { sameDigest } from '../../domain/shared/equal';
import { apiKeyById, recordApiKeyUse } from '../../projections/apikeys/queries';
import type { IdentityDeps } from '../deps';
import { apiKeyDigest, apiKeyIdOf } from './api-key-token';

export interface AuthenticatedApiKey {
  keyId: string;
  accountId: string;
  /** The owner who created the key: the API acts as them, within the key's scopes. */
  userId: string;
  scopes: string[];
}

const invalidKey = () => identityError('unauthenticated', API_KEY_MESSAGES.invalidKey, 'INVALID_API_KEY');

/** A presented key, checked against its HMAC; unknown, malformed and revoked keys are alike refused. */
export async function authenticateApiKey(
  deps: IdentityDeps,
  input: { key: string },
): Promise<AuthenticatedApiKey> {
  const keyId = apiKeyIdOf(input.key);
  if (!keyId) throw invalidKey();
  const record = await apiKeyById(deps.pool, keyId);
  if (!record || record.revoked || !sameDigest(apiKeyDigest(deps, keyId, input.key), record.keyHash)) {
    throw invalidKey();
  }
  await recordApiKeyUse(deps.pool, keyId, new Date(deps.clock())).catch((error: unknown) =>
    deps.logger.warn({ err: error, keyId }, 'could not record an API key use'),
  );
  return { keyId, accountId: record.accountId, userId: record.createdBy, scopes: record.scopes };
}
