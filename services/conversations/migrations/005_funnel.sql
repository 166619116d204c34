-- Issue 17: the funnel on the dashboard home, per domain and day (UTC), from the events alone
-- (projections conversations-funnel-v1 on CONVERSATIONS and conversations-funnel-orders-v1 on
-- BILLING). One row per counted thing, keyed by its id, so applying an event again changes
-- nothing and a new projection version rebuilds the same rows from the log.
CREATE TABLE funnel_visitors (
  customer_id text PRIMARY KEY,
  domain_id   text NOT NULL,
  day         date NOT NULL
);
CREATE TABLE funnel_emails (
  customer_id text PRIMARY KEY,
  domain_id   text NOT NULL,
  day         date NOT NULL
);
-- A conversation counts on the day it was opened; what happened in it later (the assistant
-- answered, a person took over) is a flag on that row.
CREATE TABLE funnel_rooms (
  room_id      text PRIMARY KEY,
  domain_id    text NOT NULL,
  day          date NOT NULL,
  bot_answered boolean NOT NULL DEFAULT false,
  handed_off   boolean NOT NULL DEFAULT false
);
CREATE TABLE funnel_bookings (
  booking_id text PRIMARY KEY,
  domain_id  text NOT NULL,
  day        date NOT NULL
);
CREATE TABLE funnel_orders (
  order_id     text PRIMARY KEY,
  domain_id    text NOT NULL,
  day          date NOT NULL,
  amount_cents bigint NOT NULL,
  currency     text NOT NULL
);
CREATE INDEX funnel_visitors_domain_day ON funnel_visitors (domain_id, day);
CREATE INDEX funnel_emails_domain_day ON funnel_emails (domain_id, day);
CREATE INDEX funnel_rooms_domain_day ON funnel_rooms (domain_id, day);
CREATE INDEX funnel_bookings_domain_day ON funnel_bookings (domain_id, day);
CREATE INDEX funnel_orders_domain_day ON funnel_orders (domain_id, day);

-- The daily buckets the API reads.
CREATE VIEW funnel_days AS
SELECT domain_id, day,
       sum(visitors)::int      AS visitors,
       sum(conversations)::int AS conversations,
       sum(answered)::int      AS answered,
       sum(handed_off)::int    AS handed_off,
       sum(emails)::int        AS emails,
       sum(bookings)::int      AS bookings,
       sum(orders)::int        AS orders,
       sum(revenue_cents)::bigint AS revenue_cents
  FROM (
    SELECT domain_id, day, 1 AS visitors, 0 AS conversations, 0 AS answered, 0 AS handed_off, 0 AS emails,
           0 AS bookings, 0 AS orders, 0::bigint AS revenue_cents FROM funnel_visitors
    UNION ALL
    SELECT domain_id, day, 0, 1, CASE WHEN bot_answered AND NOT handed_off THEN 1 ELSE 0 END,
           CASE WHEN handed_off THEN 1 ELSE 0 END, 0, 0, 0, 0 FROM funnel_rooms
    UNION ALL
    SELECT domain_id, day, 0, 0, 0, 0, 1, 0, 0, 0 FROM funnel_emails
    UNION ALL
    SELECT domain_id, day, 0, 0, 0, 0, 0, 1, 0, 0 FROM funnel_bookings
    UNION ALL
    SELECT domain_id, day, 0, 0, 0, 0, 0, 0, 1, amount_cents FROM funnel_orders
  ) counted
 GROUP BY domain_id, day;
