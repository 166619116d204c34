import { identityError } from '@parley/contracts';
import { API_KEY_MESSAGES } from '@parley/contracts/validation';
import type { Decider } from '@parley/eventstore';
import { iso } from '../shared/time';
import type { ApiKeyCommand } from './commands';
import type { ApiKeyEvent } from './events';
import { ApiKeyEventType as T } from './events';
import { evolveApiKey, initialApiKeyState, type ApiKeyState } from './state';

export const apiKeyNotFound = () =>
  identityError('not_found', API_KEY_MESSAGES.notFound, 'API_KEY_NOT_FOUND');

export function decideApiKey(command: ApiKeyCommand, state: ApiKeyState): ApiKeyEvent[] {
  switch (command.type) {
    case 'CreateApiKey': {
      // Key ids are random: a second creation on one stream is a retried command, not a new key.
      if (state.status !== 'none') return [];
      const { keyId, accountId, name, scopes, prefix, keyHash, createdBy, now } = command;
      return [
        {
          type: T.Created,
          data: { keyId, accountId, name, scopes, prefix, keyHash, createdBy, createdAt: iso(now) },
        },
      ];
    }
    case 'RevokeApiKey': {
      // Another account's key is as unknown as a missing one.
      if (state.status === 'none' || state.accountId !== command.accountId) throw apiKeyNotFound();
      if (state.status === 'revoked') return [];
      return [
        {
          type: T.Revoked,
          data: {
            keyId: state.keyId,
            accountId: state.accountId,
            revokedBy: command.revokedBy,
            revokedAt: iso(command.now),
          },
        },
      ];
    }
  }
}

export const apiKeyDecider: Decider<ApiKeyCommand, ApiKeyEvent, ApiKeyState> = {
  initialState: initialApiKeyState,
  evolve: evolveApiKey,
  decide: decideApiKey,
};
