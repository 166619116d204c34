-- Whether visitors can pay in the widget: the domain's settings turned payments on
-- (payment_enabled, from DomainSettingsUpdated) and the owner's connected account takes charges
-- (knowledge_payouts, from billing's PayoutAccountUpdated). The assistant then opens the payment
-- flow for a product a visitor wants to buy instead of showing its card.
ALTER TABLE knowledge_domains ADD COLUMN payment_enabled boolean NOT NULL DEFAULT false;

CREATE TABLE knowledge_payouts (
  account_id       text PRIMARY KEY,
  charges_enabled  boolean NOT NULL
);
