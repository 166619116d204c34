-- Read model of identity.invite.* (projection identity-team-invites-v1): the team page's pending
-- invitations. Tokens are not here: only their HMAC, and only in the event log.
CREATE TABLE team_invites (
  id          uuid PRIMARY KEY,
  account_id  uuid NOT NULL,
  email       text NOT NULL,
  status      text NOT NULL CHECK (status IN ('pending', 'revoked', 'accepted')),
  invited_at  timestamptz NOT NULL,
  expires_at  timestamptz NOT NULL,
  updated_at  timestamptz NOT NULL
);
CREATE INDEX team_invites_pending_idx ON team_invites (account_id) WHERE status = 'pending';
