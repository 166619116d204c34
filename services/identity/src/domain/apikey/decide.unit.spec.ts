import { deciderSpec } from '@parley/testing';
import type { ApiKeyCommand } from './commands';
import { apiKeyDecider } from './decide';
import type { ApiKeyEvent } from './events';
import { ApiKeyEventType as T } from './events';

const T0 = Date.parse('2030-01-01T10:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();
const spec = deciderSpec(apiKeyDecider);

const create: ApiKeyCommand = {
  type: 'CreateApiKey',
  keyId: 'k1',
  accountId: 'a1',
  name: 'CRM',
  scopes: ['contacts:read'],
  prefix: 'pk_abcdefgh',
  keyHash: 'h1',
  createdBy: 'u1',
  now: T0,
};
const created: ApiKeyEvent = {
  type: T.Created,
  data: {
    keyId: 'k1',
    accountId: 'a1',
    name: 'CRM',
    scopes: ['contacts:read'],
    prefix: 'pk_abcdefgh',
    keyHash: 'h1',
    createdBy: 'u1',
    createdAt: iso(T0),
  },
};
const revoke = (accountId = 'a1'): ApiKeyCommand => ({
  type: 'RevokeApiKey',
  accountId,
  revokedBy: 'u1',
  now: T0 + 1000,
});
const revoked: ApiKeyEvent = {
  type: T.Revoked,
  data: { keyId: 'k1', accountId: 'a1', revokedBy: 'u1', revokedAt: iso(T0 + 1000) },
};

describe('api key', () => {
  it('creates an active key keeping only its hash', () => {
    expect(spec.given([]).when(create).then([created])).toEqual({
      status: 'active',
      keyId: 'k1',
      accountId: 'a1',
      keyHash: 'h1',
    });
  });
  it('records a retried creation once', () => {
    spec.given([created]).when(create).then([]);
  });
  it('revokes an active key; revoking again records nothing', () => {
    expect(spec.given([created]).when(revoke()).then([revoked])).toMatchObject({ status: 'revoked' });
    spec.given([created, revoked]).when(revoke()).then([]);
  });
  it("answers another account's key and a missing one as not found", () => {
    spec.given([created]).when(revoke('a2')).thenThrows('API_KEY_NOT_FOUND');
    spec.given([]).when(revoke()).thenThrows('API_KEY_NOT_FOUND');
  });
});
