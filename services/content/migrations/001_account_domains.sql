-- Read model of domains.DomainAdded / domains.DomainDeleted (projection content-account-domains-v1):
-- which domain belongs to which account. Content is created only for a domain listed here.
CREATE TABLE account_domains (
  domain_id   text PRIMARY KEY,
  account_id  text NOT NULL,
  domain      text NOT NULL,
  added_at    timestamptz NOT NULL
);
CREATE INDEX account_domains_account ON account_domains (account_id);
