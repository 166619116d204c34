-- Read model of notifications.newsletter.* (projection notifications-newsletter-subscribers-v1):
-- one row per address that ever asked for the newsletter.
CREATE TABLE newsletter_subscribers (
  -- sha256 (hex) of the lower-cased address: the subscription aggregate's id.
  subscriber_id       text PRIMARY KEY,
  email               text NOT NULL,
  status              text NOT NULL CHECK (status IN ('pending', 'confirmed', 'unsubscribed')),
  -- The latest confirmation request (each one mailed a confirmation).
  requested_at        timestamptz NOT NULL,
  confirmation_mails  integer NOT NULL CHECK (confirmation_mails > 0),
  -- Of the current subscription: cleared when the address asks again after unsubscribing.
  confirmed_at        timestamptz,
  unsubscribed_at     timestamptz,
  updated_at          timestamptz NOT NULL,
  CONSTRAINT newsletter_subscribers_confirmed_has_time CHECK (status <> 'confirmed' OR confirmed_at IS NOT NULL)
);

-- Who gets the newsletter.
CREATE INDEX newsletter_subscribers_confirmed ON newsletter_subscribers (confirmed_at) WHERE status = 'confirmed';
