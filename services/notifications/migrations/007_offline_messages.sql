-- Issue 17: the email each conversations customer gave (conversations.CustomerEmailSet), so the
-- owner's mail for a message left with the widget's offline form says whom to answer.
-- Projection notifications-offline-message-mail-v1.
CREATE TABLE offline_message_customers (
  customer_id text PRIMARY KEY,
  email       text NOT NULL
);
