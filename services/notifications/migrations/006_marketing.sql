-- Email marketing (issue 14 item 1).

-- The visitors conversations registered, with the address they gave (projection
-- notifications-marketing-customers-v1): a contact is a domain's address, its answers are those
-- of every customer of the domain that gave it.
CREATE TABLE marketing_customers (
  customer_id    text PRIMARY KEY,
  account_id     text NOT NULL,
  domain_id      text NOT NULL,
  email          text,
  registered_at  timestamptz NOT NULL
);
CREATE INDEX marketing_customers_email ON marketing_customers (domain_id, email);

CREATE TABLE marketing_answers (
  customer_id  text NOT NULL,
  question_id  text NOT NULL,
  question     text NOT NULL,
  answer       text NOT NULL,
  answered_at  timestamptz NOT NULL,
  PRIMARY KEY (customer_id, question_id)
);

-- One row per domain and lower-cased address: from a customer's address, a booking or a paid
-- order, whichever came first (first_seen).
CREATE TABLE marketing_contacts (
  domain_id        text NOT NULL,
  email            text NOT NULL,
  account_id       text NOT NULL,
  name             text NOT NULL DEFAULT '',
  first_seen       timestamptz NOT NULL,
  bookings         integer NOT NULL DEFAULT 0,
  orders           integer NOT NULL DEFAULT 0,
  unsubscribed_at  timestamptz,
  PRIMARY KEY (domain_id, email)
);
CREATE INDEX marketing_contacts_account ON marketing_contacts (account_id, first_seen, email);

-- Which source events were counted (a booking or an order counts once, whatever replays).
CREATE TABLE marketing_contact_sources (
  source_id  text PRIMARY KEY
);

-- Each account's plan limits, from billing's AccountPlanChanged.
CREATE TABLE marketing_plans (
  account_id        text PRIMARY KEY,
  plan              text NOT NULL,
  contacts          integer NOT NULL,
  emails_per_month  integer NOT NULL
);

-- The campaigns as the owner sees them (projection notifications-marketing-campaigns-v1).
CREATE TABLE marketing_campaigns (
  campaign_id   text PRIMARY KEY,
  account_id    text NOT NULL,
  domain_id     text NOT NULL,
  subject       text NOT NULL,
  body          text NOT NULL,
  audience      jsonb NOT NULL,
  status        text NOT NULL CHECK (status IN ('draft', 'scheduled', 'sent', 'refused')),
  send_at       timestamptz,
  released_at   timestamptz,
  recipients    integer NOT NULL DEFAULT 0,
  refusal       text,
  unsubscribed  integer NOT NULL DEFAULT 0,
  created_at    timestamptz NOT NULL,
  updated_at    timestamptz NOT NULL
);
CREATE INDEX marketing_campaigns_account ON marketing_campaigns (account_id, created_at DESC);
CREATE INDEX marketing_campaigns_due ON marketing_campaigns (send_at) WHERE status = 'scheduled';

-- Emails spent per account and month (UTC), as the campaigns' aggregate counted them.
CREATE TABLE marketing_usage (
  account_id  text NOT NULL,
  month       text NOT NULL,
  used        integer NOT NULL,
  PRIMARY KEY (account_id, month)
);

-- A campaign's mail is suppressed (never sent) when its recipient unsubscribed after the
-- campaign was released; the row says which campaign it belongs to, for the campaign's counts.
ALTER TABLE mail_outbox ADD COLUMN campaign_id text;
CREATE INDEX mail_outbox_campaign ON mail_outbox (campaign_id) WHERE campaign_id IS NOT NULL;
ALTER TABLE mail_outbox DROP CONSTRAINT mail_outbox_status_check;
ALTER TABLE mail_outbox ADD CONSTRAINT mail_outbox_status_check
  CHECK (status IN ('pending', 'sent', 'expired', 'failed', 'suppressed'));
