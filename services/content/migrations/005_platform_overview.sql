-- The Admin Overview's counts, from the other contexts' public events (content keeps the admins'
-- read models): accounts and admins from identity, plans from billing, activity from
-- conversations. Domains are account_domains (001).

-- Projection content-platform-users-v1 (identity.UserRegistered, UserRenamed).
CREATE TABLE platform_users (
  user_id        text PRIMARY KEY,
  account_id     text NOT NULL,
  role           text NOT NULL,
  fullname       text NOT NULL,
  registered_at  timestamptz NOT NULL
);
CREATE INDEX platform_users_role ON platform_users (role);

-- Projection content-account-plans-v1 (billing.AccountPlanChanged): each account's current plan.
CREATE TABLE platform_account_plans (
  account_id  text PRIMARY KEY,
  plan        text NOT NULL,
  changed_at  timestamptz NOT NULL
);

-- Projection content-monthly-activity-v1 (conversations.RoomOpened, MessagePosted), per UTC month.
CREATE TABLE platform_monthly_activity (
  month          date PRIMARY KEY,
  conversations  integer NOT NULL DEFAULT 0,
  messages       integer NOT NULL DEFAULT 0
);
