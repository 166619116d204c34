-- The admins' content (projection content-editorial-v1 from content.tag.*, content.category.*,
-- content.post.*, content.job.*, content.application.*): Parley's own blog, its job listings and
-- the applications visitors send from /careers. Platform-wide, not per account.

CREATE TABLE editorial_tags (
  id          uuid PRIMARY KEY,
  name        text NOT NULL,
  -- Unique through the slug claims (content.slug.*); a filter of the public blog.
  slug        text NOT NULL UNIQUE,
  created_at  timestamptz NOT NULL,
  updated_at  timestamptz NOT NULL
);

CREATE TABLE editorial_categories (
  id           uuid PRIMARY KEY,
  name         text NOT NULL,
  slug         text NOT NULL UNIQUE,
  description  text NOT NULL DEFAULT '',
  created_at   timestamptz NOT NULL,
  updated_at   timestamptz NOT NULL
);

CREATE TABLE blog_posts (
  id               uuid PRIMARY KEY,
  title            text NOT NULL,
  -- /blog/{slug}; unique through the slug claims.
  slug             text NOT NULL UNIQUE,
  excerpt          text NOT NULL DEFAULT '',
  cover_image_id   text,
  cover_image_alt  text NOT NULL DEFAULT '',
  -- Sanitised HTML (the service keeps nothing else).
  body             text NOT NULL DEFAULT '',
  -- A deleted category leaves its posts uncategorised.
  category_id      uuid REFERENCES editorial_categories (id) ON DELETE SET NULL,
  author_name      text NOT NULL,
  status           text NOT NULL CHECK (status IN ('draft', 'published')),
  -- The first publication; kept when a post is taken down and published again.
  published_at     timestamptz,
  created_at       timestamptz NOT NULL,
  updated_at       timestamptz NOT NULL,
  search           tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('simple', title), 'A') ||
    setweight(to_tsvector('simple', excerpt || ' ' || author_name), 'B') ||
    setweight(to_tsvector('simple', regexp_replace(body, '<[^>]*>', ' ', 'g')), 'C')
  ) STORED
);
CREATE INDEX blog_posts_public ON blog_posts (published_at DESC) WHERE status = 'published';
CREATE INDEX blog_posts_search ON blog_posts USING gin (search);

-- A deleted tag leaves the posts that had it.
CREATE TABLE blog_post_tags (
  post_id  uuid NOT NULL REFERENCES blog_posts (id) ON DELETE CASCADE,
  tag_id   uuid NOT NULL REFERENCES editorial_tags (id) ON DELETE CASCADE,
  -- The order the admin chose them in.
  position integer NOT NULL,
  PRIMARY KEY (post_id, tag_id)
);
CREATE INDEX blog_post_tags_tag ON blog_post_tags (tag_id);

CREATE TABLE job_listings (
  id           uuid PRIMARY KEY,
  title        text NOT NULL,
  team         text NOT NULL,
  location     text NOT NULL,
  type         text NOT NULL,
  -- Sanitised HTML.
  description  text NOT NULL,
  status       text NOT NULL CHECK (status IN ('open', 'closed')),
  created_at   timestamptz NOT NULL,
  updated_at   timestamptz NOT NULL,
  search       tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('simple', title), 'A') ||
    setweight(to_tsvector('simple', team || ' ' || location || ' ' || type), 'B') ||
    setweight(to_tsvector('simple', regexp_replace(description, '<[^>]*>', ' ', 'g')), 'C')
  ) STORED
);
CREATE INDEX job_listings_search ON job_listings USING gin (search);

CREATE TABLE job_applications (
  id            uuid PRIMARY KEY,
  -- No foreign key: a listing with applications is closed, not deleted, but the application
  -- keeps the title it was sent for whatever happens to the listing.
  job_id        uuid NOT NULL,
  job_title     text NOT NULL,
  name          text NOT NULL,
  email         text NOT NULL,
  links         jsonb NOT NULL DEFAULT '[]'::jsonb,
  cover_letter  text NOT NULL DEFAULT '',
  cv_file_id    uuid NOT NULL,
  cv_filename   text NOT NULL,
  cv_size       integer NOT NULL,
  status        text NOT NULL CHECK (status IN ('new', 'reviewing', 'rejected', 'hired')),
  submitted_at  timestamptz NOT NULL,
  updated_at    timestamptz NOT NULL,
  search        tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('simple', name || ' ' || email), 'A') ||
    setweight(to_tsvector('simple', job_title), 'B') ||
    setweight(to_tsvector('simple', cover_letter), 'C')
  ) STORED
);
CREATE INDEX job_applications_job ON job_applications (job_id, submitted_at DESC);
CREATE INDEX job_applications_waiting ON job_applications (status) WHERE status IN ('new', 'reviewing');
CREATE INDEX job_applications_search ON job_applications USING gin (search);

CREATE TABLE job_application_notes (
  id              uuid PRIMARY KEY,
  application_id  uuid NOT NULL REFERENCES job_applications (id) ON DELETE CASCADE,
  text            text NOT NULL,
  author_id       text NOT NULL,
  author_name     text NOT NULL,
  created_at      timestamptz NOT NULL
);
CREATE INDEX job_application_notes_application ON job_application_notes (application_id, created_at);

-- The CVs' bytes (not event-sourced, like images: the log would carry megabytes), written by the
-- application call before its event; a file no application names is never served.
CREATE TABLE application_files (
  id          uuid PRIMARY KEY,
  filename    text NOT NULL,
  size        integer NOT NULL CHECK (size > 0 AND size <= 5242880),
  sha256      text NOT NULL,
  bytes       bytea NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);
