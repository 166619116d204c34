-- Live support (issue 5): the assistant handed a room to the team.

-- The room a notification is about (LIVE_SUPPORT opens that conversation), NULL for the others.
ALTER TABLE in_app_notifications ADD COLUMN room_id text;

-- Domain names, for the LIVE_SUPPORT text and mail; projection notifications-domains-v1 from
-- domains.DomainAdded/DomainDeleted (the shared domainMembershipProjection).
CREATE TABLE notification_domains (
  domain_id   text PRIMARY KEY,
  account_id  text NOT NULL,
  domain      text NOT NULL,
  added_at    timestamptz NOT NULL
);

-- Domains that were deleted: a handoff read after the deletion (the projections run apart) tells
-- "gone, say nothing" from "not heard of yet, retry".
CREATE TABLE notification_deleted_domains (
  domain_id   text PRIMARY KEY,
  account_id  text NOT NULL,
  deleted_at  timestamptz NOT NULL
);

-- Each account's owner (accountId is the owner's user id), for the mail's address and greeting;
-- projection notifications-account-owners-v1 from identity.UserRegistered/UserRenamed.
CREATE TABLE account_owners (
  account_id  text PRIMARY KEY,
  email       text NOT NULL,
  fullname    text NOT NULL
);
