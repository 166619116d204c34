-- Payments (issue 12). The subscription itself lives in the account's event stream
-- (billing.account.<id>); these tables hold what the provider calls need and the webhook inbox.

-- The provider's customer of each account, one each (Stripe customer id).
CREATE TABLE payment_customers (
  account_id  text PRIMARY KEY,
  customer_id text NOT NULL UNIQUE,
  created_at  timestamptz NOT NULL DEFAULT now()
);

-- Payment intents billing created: the upgrade's first payment (purpose 'subscription') and
-- widget orders (purpose 'order'). subscription_id is set once the paid intent started one.
CREATE TABLE payment_intents (
  id              text PRIMARY KEY,
  account_id      text NOT NULL,
  purpose         text NOT NULL,
  amount_cents    integer NOT NULL,
  currency        text NOT NULL,
  subscription_id text,
  created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payment_intents_account_idx ON payment_intents (account_id, purpose, created_at DESC);

-- Every webhook event taken, by the provider's event id: one applied once, however often it comes.
CREATE TABLE webhook_inbox (
  event_id     text PRIMARY KEY,
  type         text NOT NULL,
  received_at  timestamptz NOT NULL DEFAULT now(),
  processed_at timestamptz,
  deliveries   integer NOT NULL DEFAULT 1,
  last_error   text
);

-- Each owner's connected account (Stripe Connect) and whether it can take charges, from its webhooks.
CREATE TABLE connect_accounts (
  account_id        text PRIMARY KEY,
  stripe_account_id text NOT NULL UNIQUE,
  charges_enabled   boolean NOT NULL DEFAULT false,
  details_submitted boolean NOT NULL DEFAULT false,
  updated_at        timestamptz NOT NULL DEFAULT now()
);
