-- The platform's administrators (identity users with role ADMIN): a visitor's job application
-- from /careers tells each of them in the bell. Projection notifications-platform-admins-v1 from
-- identity.UserRegistered/UserRenamed.
CREATE TABLE platform_admins (
  user_id   text PRIMARY KEY,
  email     text NOT NULL,
  fullname  text NOT NULL,
  -- An application tells the admins there were when it came (a replay tells no later admin).
  registered_at timestamptz NOT NULL
);
