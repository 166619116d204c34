import type { Caller } from '@parley/grpc';
import { apiKeysOf, type ApiKeyView } from '../../projections/apikeys/queries';
import type { IdentityDeps } from '../deps';
import { verifiedCaller } from '../team/team-caller';

export async function listApiKeys(deps: IdentityDeps, input: { caller: Caller }): Promise<ApiKeyView[]> {
  const owner = await verifiedCaller(deps, input.caller, ['OWNER']);
  return apiKeysOf(deps.pool, owner.accountId);
}
