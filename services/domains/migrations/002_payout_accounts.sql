-- Whether each account's connected account (Stripe Connect) can take charges, from
-- billing.PayoutAccountUpdated: a domain's payments can be turned on only then (issue 12).
CREATE TABLE payout_accounts (
  account_id      text PRIMARY KEY,
  charges_enabled boolean NOT NULL,
  updated_at      timestamptz NOT NULL
);
