-- Uploaded images, bytes included (not event-sourced: the log would carry megabytes of pixels).
-- Written by the upload call itself; removed with their domain.
CREATE TABLE images (
  id            uuid PRIMARY KEY,
  account_id    text NOT NULL,
  -- The domain the image was uploaded for, when the uploader named one.
  domain_id     text,
  content_type  text NOT NULL CHECK (content_type IN ('image/jpeg', 'image/png')),
  size          integer NOT NULL CHECK (size > 0 AND size <= 2097152),
  width         integer NOT NULL CHECK (width > 0),
  height        integer NOT NULL CHECK (height > 0),
  -- Strong validator for HTTP caching: sha256 of the bytes, base64url.
  etag          text NOT NULL,
  bytes         bytea NOT NULL,
  uploaded_by   text NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX images_account ON images (account_id);
CREATE INDEX images_domain ON images (domain_id) WHERE domain_id IS NOT NULL;
