-- In-app notifications (the dashboard's bell). Rows are created by projection
-- notifications-in-app-v1 from other contexts' events; the read flag and deletion are the
-- user's (through the API) and the cleanup rule's. Not a pure read model: the log does not hold
-- what was read, so resetting the projection keeps these tables (see the README).

-- Every event that ever created a notification, kept after cleanup or a domain's deletion removed
-- the notification: a redelivered or replayed event finds its id here and creates nothing.
CREATE TABLE in_app_notification_sources (
  source_event_id  text PRIMARY KEY,
  applied_at       timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE in_app_notifications (
  id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  source_event_id  text NOT NULL UNIQUE REFERENCES in_app_notification_sources (source_event_id),
  account_id       text NOT NULL,
  user_id          text NOT NULL,
  type             text NOT NULL,
  message          text NOT NULL,
  domain_id        text,
  read_at          timestamptz,
  -- When the thing it reports happened (the event's time), so a replay keeps the order.
  created_at       timestamptz NOT NULL,
  -- Set once announced to the gateways (or judged too old to announce); NULL = waiting.
  announced_at     timestamptz
);

-- The list and the unread count of one user, newest first.
CREATE INDEX in_app_notifications_user ON in_app_notifications (user_id, created_at DESC);
-- What the announcer has left to push.
CREATE INDEX in_app_notifications_unannounced ON in_app_notifications (created_at) WHERE announced_at IS NULL;
-- DomainDeleted removes that domain's notifications.
CREATE INDEX in_app_notifications_domain ON in_app_notifications (domain_id) WHERE domain_id IS NOT NULL;
