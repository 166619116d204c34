-- Read model of content.product.*, content.article.* and content.appointment.* (projection
-- content-items-v1): the current body of every live item. `body` is the kind's shared schema
-- output (packages/contracts/src/validation/content.ts) without domainId.
CREATE TABLE content_items (
  id          uuid PRIMARY KEY,
  kind        text NOT NULL CHECK (kind IN ('product', 'article', 'appointment')),
  account_id  text NOT NULL,
  domain_id   text NOT NULL,
  body        jsonb NOT NULL,
  created_at  timestamptz NOT NULL,
  updated_at  timestamptz NOT NULL,
  -- Search over names, titles, questions, types and text; 'simple' keeps every language's words.
  search      tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('simple', coalesce(body->>'name', '') || ' ' || coalesce(body->>'title', '')), 'A') ||
    setweight(to_tsvector('simple', coalesce(body->>'question', '') || ' ' || coalesce(body->>'productType', '') || ' ' ||
                                    coalesce(body->>'category', '') || ' ' || coalesce(body->>'tags', '')), 'B') ||
    setweight(to_tsvector('simple', coalesce(body->>'description', '') || ' ' || coalesce(body->>'answer', '') || ' ' ||
                                    coalesce(body->>'content', '')), 'C')
  ) STORED
);
CREATE INDEX content_items_list ON content_items (account_id, domain_id, kind, created_at);
CREATE INDEX content_items_domain ON content_items (domain_id);
CREATE INDEX content_items_search ON content_items USING gin (search);
