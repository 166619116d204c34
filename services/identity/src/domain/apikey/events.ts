import type { DomainEvent } from '@parley/eventstore';
import { IdentityEvent } from '@parley/contracts';

/** A public API key (subject identity.apikey.<keyId>). Only an HMAC of the key is ever recorded. */
export const ApiKeyEventType = {
  Created: IdentityEvent.ApiKeyCreated,
  Revoked: IdentityEvent.ApiKeyRevoked,
} as const;

/** Public part matches apiKeyCreatedSchema; keyHash is identity's own. */
export type ApiKeyCreated = DomainEvent<
  typeof ApiKeyEventType.Created,
  {
    keyId: string;
    accountId: string;
    name: string;
    scopes: string[];
    prefix: string;
    keyHash: string;
    createdBy: string;
    createdAt: string;
  }
>;

export type ApiKeyRevoked = DomainEvent<
  typeof ApiKeyEventType.Revoked,
  { keyId: string; accountId: string; revokedBy: string; revokedAt: string }
>;

export type ApiKeyEvent = ApiKeyCreated | ApiKeyRevoked;
