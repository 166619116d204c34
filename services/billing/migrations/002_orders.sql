-- Visitors' orders paid in the widget (issue 12): the dashboard's list. A row is written when the
-- payment intent is created (pending) and marked paid by its payment_intent.succeeded webhook.
CREATE TABLE orders (
  id             text PRIMARY KEY,
  account_id     text NOT NULL,
  domain_id      text NOT NULL,
  customer_id    text NOT NULL,
  room_id        text,
  product_id     text NOT NULL,
  product_name   text NOT NULL,
  description    text NOT NULL,
  quantity       integer NOT NULL,
  amount_cents   integer NOT NULL,
  currency       text NOT NULL,
  customer_name  text NOT NULL,
  customer_email text NOT NULL,
  status         text NOT NULL DEFAULT 'pending',
  created_at     timestamptz NOT NULL DEFAULT now(),
  paid_at        timestamptz
);
CREATE INDEX orders_account_idx ON orders (account_id, status, created_at DESC);
