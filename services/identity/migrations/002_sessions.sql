-- Read model of identity.session.* (projection identity-sessions-v1): which sessions a user has,
-- so a password change can end the others. Secrets stay in the event log as HMACs only.
CREATE TABLE sessions (
  id          uuid PRIMARY KEY,
  user_id     uuid NOT NULL,
  origin      text NOT NULL,
  ip          text NOT NULL DEFAULT '',
  user_agent  text NOT NULL DEFAULT '',
  started_at  timestamptz NOT NULL,
  last_used_at timestamptz NOT NULL,
  expires_at  timestamptz NOT NULL,
  revoked_at  timestamptz,
  revoked_reason text
);
CREATE INDEX sessions_user_active_idx ON sessions (user_id) WHERE revoked_at IS NULL;
