-- Outgoing webhooks (issue 17): an account's endpoints and one delivery per event and endpoint.
-- The UNIQUE (endpoint_id, event_id) is what makes a redelivered event from the log a no-op.
CREATE TABLE webhook_endpoints (
  id              uuid PRIMARY KEY,
  account_id      text NOT NULL,
  url             text NOT NULL,
  -- Kept readable: every delivery is signed with it, and the owner may look it up again.
  secret          text NOT NULL,
  event_types     text[] NOT NULL,
  enabled         boolean NOT NULL DEFAULT true,
  disabled_at     timestamptz,
  -- When its current run of failed attempts began; null while it answers.
  failing_since   timestamptz,
  created_at      timestamptz NOT NULL
);
CREATE INDEX webhook_endpoints_account_idx ON webhook_endpoints (account_id);

CREATE TABLE webhook_deliveries (
  id               uuid PRIMARY KEY,
  endpoint_id      uuid NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
  event_id         text NOT NULL,
  event_type       text NOT NULL,
  body             text NOT NULL,
  status           text NOT NULL CHECK (status IN ('pending', 'delivered', 'failed')),
  attempts         integer NOT NULL DEFAULT 0,
  next_attempt_at  timestamptz NOT NULL,
  last_status      integer,
  last_error       text,
  created_at       timestamptz NOT NULL,
  delivered_at     timestamptz,
  UNIQUE (endpoint_id, event_id)
);
CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries (next_attempt_at) WHERE status = 'pending';
CREATE INDEX webhook_deliveries_log_idx ON webhook_deliveries (endpoint_id, created_at DESC);
