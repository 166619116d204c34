-- Read model of identity.settings.system (projection identity-settings-v1). One row once an admin
-- changed anything; before that the defaults apply.
CREATE TABLE system_settings (
  id                   smallint PRIMARY KEY CHECK (id = 1),
  login_enabled        boolean NOT NULL,
  registration_enabled boolean NOT NULL,
  maintenance_mode     boolean NOT NULL,
  updated_by           text NOT NULL,
  updated_at           timestamptz NOT NULL
);
