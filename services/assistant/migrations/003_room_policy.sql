-- The conversation policy's state per room (reactor assistant-reactor-v1 over CONVERSATIONS),
-- written in the same transaction as the reactor's checkpoint. customer_id routes the customer's
-- events (email set, answers saved) to its rooms.
CREATE TABLE room_policy (
  room_id      text PRIMARY KEY,
  account_id   text NOT NULL,
  domain_id    text NOT NULL,
  customer_id  text NOT NULL,
  state        jsonb NOT NULL
);
CREATE INDEX room_policy_customer ON room_policy (customer_id);
