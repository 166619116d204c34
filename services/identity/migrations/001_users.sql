-- Read model of identity.user.* (projection identity-users-v1).
CREATE TABLE users (
  id                  uuid PRIMARY KEY,
  email               text NOT NULL,
  fullname            text NOT NULL,
  role                text NOT NULL CHECK (role IN ('OWNER', 'AGENT', 'ADMIN')),
  plan                text NOT NULL CHECK (plan IN ('STANDARD', 'PRO')),
  selected_plan       text NOT NULL CHECK (selected_plan IN ('STANDARD', 'PRO')),
  account_id          uuid NOT NULL,
  created_at          timestamptz NOT NULL,
  updated_at          timestamptz NOT NULL,
  password_changed_at timestamptz
);
-- The email claim aggregate keeps addresses unique; the index makes the lookup fast and would
-- surface a broken invariant as a failing projection instead of two rows.
CREATE UNIQUE INDEX users_email_key ON users (lower(email));
CREATE INDEX users_account_id_idx ON users (account_id);
