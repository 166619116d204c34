-- Read models of the domains service (projection domains-domains-v1 and domains-account-plans-v1).

CREATE TABLE domains (
  id            uuid PRIMARY KEY,
  account_id    text NOT NULL,
  domain        text NOT NULL,
  added_by      text NOT NULL,
  settings      jsonb NOT NULL,
  home_settings jsonb NOT NULL,
  config        jsonb,
  created_at    timestamptz NOT NULL,
  updated_at    timestamptz NOT NULL,
  -- Stream sequence of the add: a stable order when two share a millisecond.
  position      bigint NOT NULL
);
CREATE INDEX domains_account_idx ON domains (account_id, position);

-- Answers are kept for the assistant, which reads them by domain.
CREATE TABLE filter_questions (
  id         uuid PRIMARY KEY,
  domain_id  uuid NOT NULL REFERENCES domains (id) ON DELETE CASCADE,
  account_id text NOT NULL,
  question   text NOT NULL,
  answer     text NOT NULL,
  added_by   text NOT NULL,
  created_at timestamptz NOT NULL,
  position   bigint NOT NULL
);
CREATE INDEX filter_questions_domain_idx ON filter_questions (domain_id, position);

-- Each account's plan limit, from billing.AccountPlanChanged; no row means Standard's.
CREATE TABLE account_plans (
  account_id  text PRIMARY KEY,
  plan        text NOT NULL,
  max_domains integer NOT NULL,
  changed_at  timestamptz NOT NULL
);
