-- The assistant's read model of each domain's knowledge (projections assistant-domains-v1 over
-- DOMAINS and assistant-content-v1 over CONTENT). Engines read it through the KnowledgeStore.

-- One row per domain ever added; a deleted domain keeps its row (deleted = true, children gone)
-- so content events that arrive after the deletion are not taken back in.
CREATE TABLE knowledge_domains (
  domain_id        text PRIMARY KEY,
  account_id       text NOT NULL,
  domain           text NOT NULL,
  welcome_message  text NOT NULL DEFAULT '',
  config           jsonb,
  deleted          boolean NOT NULL DEFAULT false
);

-- Goes up with every change to a domain's knowledge, from either stream. Its own table because
-- content may arrive before the domain's DomainAdded (two streams, two consumers).
CREATE TABLE knowledge_revisions (
  domain_id  text PRIMARY KEY,
  revision   bigint NOT NULL
);

CREATE TABLE knowledge_filter_questions (
  domain_id    text NOT NULL,
  question_id  text NOT NULL,
  question     text NOT NULL,
  answer       text NOT NULL,
  -- Stream sequence of the FilterQuestionAdded: the owner's order.
  position     bigint NOT NULL,
  PRIMARY KEY (domain_id, question_id)
);

-- Products, help articles and appointment types; body as content's shared schema gives it.
-- Unpublished articles are kept (an update may publish them) and filtered on load.
CREATE TABLE knowledge_items (
  item_id     text PRIMARY KEY,
  kind        text NOT NULL CHECK (kind IN ('product', 'article', 'appointment')),
  domain_id   text NOT NULL,
  account_id  text NOT NULL,
  body        jsonb NOT NULL,
  position    bigint NOT NULL
);
CREATE INDEX knowledge_items_domain ON knowledge_items (domain_id);
