-- Read model of domains.DomainAdded / domains.DomainDeleted (projection conversations-domains-v1):
-- the domains visitors may open sessions on, with their account and hostname.
CREATE TABLE domains (
  domain_id   text PRIMARY KEY,
  account_id  text NOT NULL,
  domain      text NOT NULL,
  added_at    timestamptz NOT NULL
);

-- Everything below is projection conversations-read-v1 over the CONVERSATIONS stream. A domain's
-- rows go when the domain is deleted.
CREATE TABLE customers (
  customer_id  text PRIMARY KEY,
  account_id   text NOT NULL,
  domain_id    text NOT NULL,
  email        text,
  merged_into  text,
  created_at   timestamptz NOT NULL
);
CREATE INDEX customers_domain ON customers (domain_id);

CREATE TABLE customer_answers (
  customer_id  text NOT NULL,
  question_id  text NOT NULL,
  domain_id    text NOT NULL,
  question     text NOT NULL,
  answer       text NOT NULL,
  answered_at  timestamptz NOT NULL,
  PRIMARY KEY (customer_id, question_id)
);
CREATE INDEX customer_answers_domain ON customer_answers (domain_id);

CREATE TABLE rooms (
  room_id          text PRIMARY KEY,
  account_id       text NOT NULL,
  domain_id        text NOT NULL,
  customer_id      text NOT NULL,
  shared_with      text[] NOT NULL DEFAULT '{}',
  live             boolean NOT NULL DEFAULT false,
  mailed           boolean NOT NULL DEFAULT false,
  created_at       timestamptz NOT NULL,
  updated_at       timestamptz NOT NULL,
  last_message_id  text,
  -- stream sequence of the last message: seen markers compare against it
  last_position    bigint NOT NULL DEFAULT 0,
  -- the latest message is the customer's and the team has not seen it
  unread           boolean NOT NULL DEFAULT false,
  message_count    integer NOT NULL DEFAULT 0
);
CREATE INDEX rooms_account_activity ON rooms (account_id, updated_at DESC);
CREATE INDEX rooms_domain ON rooms (domain_id);
CREATE INDEX rooms_customer ON rooms (customer_id);

CREATE TABLE messages (
  message_id        text PRIMARY KEY,
  room_id           text NOT NULL,
  domain_id         text NOT NULL,
  position          bigint NOT NULL,
  client_id         text,
  role              text NOT NULL,
  author            text NOT NULL,
  content           text NOT NULL,
  team_member_id    text,
  team_member_name  text,
  is_note           boolean NOT NULL,
  note_type         text,
  link              text,
  product_ids       text[] NOT NULL DEFAULT '{}',
  decision          jsonb,
  seen              boolean NOT NULL DEFAULT false,
  posted_at         timestamptz NOT NULL
);
CREATE INDEX messages_room ON messages (room_id, position);
CREATE INDEX messages_domain ON messages (domain_id);

CREATE TABLE bookings (
  booking_id           text PRIMARY KEY,
  account_id           text NOT NULL,
  domain_id            text NOT NULL,
  customer_id          text NOT NULL,
  appointment_type_id  text,
  appointment_name     text NOT NULL,
  date                 date NOT NULL,
  slot                 text NOT NULL,
  -- minutes after midnight, to order a day's slots
  slot_minutes         integer NOT NULL,
  email                text NOT NULL,
  name                 text NOT NULL,
  created_at           timestamptz NOT NULL,
  UNIQUE (domain_id, date, slot)
);
CREATE INDEX bookings_account ON bookings (account_id, date DESC, slot_minutes DESC);
CREATE INDEX bookings_customer ON bookings (customer_id);
