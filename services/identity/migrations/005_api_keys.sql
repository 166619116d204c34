-- Read model of identity.apikey.* (projection identity-api-keys-v1): the account's public API keys.
-- key_hash is the HMAC of the key (the key itself is shown once and kept nowhere).
CREATE TABLE api_keys (
  id          uuid PRIMARY KEY,
  account_id  uuid NOT NULL,
  name        text NOT NULL,
  scopes      text[] NOT NULL,
  prefix      text NOT NULL,
  key_hash    text NOT NULL,
  created_by  uuid NOT NULL,
  created_at  timestamptz NOT NULL,
  revoked_at  timestamptz
);
CREATE INDEX api_keys_account_idx ON api_keys (account_id, created_at);

-- When each key was last used. Not a projection's table and not an event: a read of the API is
-- no business fact, and rebuilding api_keys from the log must not forget it.
CREATE TABLE api_key_usage (
  key_id        uuid PRIMARY KEY,
  last_used_at  timestamptz NOT NULL
);
