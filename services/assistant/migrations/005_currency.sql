-- The domain's currency (its settings' `currency`, ISO 4217): the assistant writes prices and
-- shipping costs with it. Domains whose settings never named one price in USD.
ALTER TABLE knowledge_domains ADD COLUMN currency text NOT NULL DEFAULT 'USD';
