-- Mail waiting to be sent, written by projections in the same transaction as their checkpoint.
-- Keyed by the id of the event that caused it, so a redelivered event adds nothing.
CREATE TABLE mail_outbox (
  id              text PRIMARY KEY,
  template        text NOT NULL,
  recipient       text NOT NULL,
  -- What the template needs, nothing secret.
  data            jsonb NOT NULL DEFAULT '{}'::jsonb,
  -- Secrets (a verification code), sealed with MAIL_SEAL_KEY; erased once the mail is done with.
  sealed_secrets  jsonb,
  status          text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'expired', 'failed')),
  attempts        integer NOT NULL DEFAULT 0,
  -- Due time while pending; a claimed row is pushed ahead by a lease, so a sender that dies
  -- mid-send lets another pick the row up later instead of losing it.
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  -- Not sent after this (a verification code that no longer works).
  expires_at      timestamptz,
  last_error      text,
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now(),
  sent_at         timestamptz,
  CONSTRAINT mail_outbox_secrets_only_while_pending CHECK (status = 'pending' OR sealed_secrets IS NULL)
);

CREATE INDEX mail_outbox_due ON mail_outbox (next_attempt_at) WHERE status = 'pending';
