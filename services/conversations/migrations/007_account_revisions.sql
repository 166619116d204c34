-- Which state of an account's conversation list a caller last saw: the id of the last transaction
-- that wrote any row the list reads (rooms, their domains, customers and last messages) for the
-- account. A transaction id is never handed out twice, so two equal revisions mean the same rows;
-- a caller holding the current one is told "unchanged" instead of being sent the page again.
--
-- Kept by triggers rather than by the projections, so every writer counts: the read model, the
-- domains projection, a replayed dead letter, an operator's TRUNCATE before a rebuild.
CREATE TABLE account_revisions (
  account_id  text PRIMARY KEY,
  revision    bigint NOT NULL
);

-- For tables with the account on each row. One statement per statement, not per row: a batch of
-- messages is one insert, and bumps its accounts once.
CREATE FUNCTION bump_account_revisions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO account_revisions (account_id, revision)
    SELECT DISTINCT account_id, pg_current_xact_id()::text::bigint FROM changed
    ON CONFLICT (account_id) DO UPDATE SET revision = EXCLUDED.revision;
  RETURN NULL;
END $$;

-- Messages carry their domain only; the domain's row is still there when a deletion removes its
-- messages (the domains projection deletes a domain's rows before the domain itself).
CREATE FUNCTION bump_account_revisions_by_domain() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO account_revisions (account_id, revision)
    SELECT DISTINCT d.account_id, pg_current_xact_id()::text::bigint
      FROM (SELECT DISTINCT domain_id FROM changed) c JOIN domains d ON d.domain_id = c.domain_id
    ON CONFLICT (account_id) DO UPDATE SET revision = EXCLUDED.revision;
  RETURN NULL;
END $$;

-- A TRUNCATE empties every account at once: no revision is current any more, and the next write
-- starts a new one (a transaction id not seen before).
CREATE FUNCTION forget_account_revisions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM account_revisions;
  RETURN NULL;
END $$;

CREATE TRIGGER rooms_revision_insert AFTER INSERT ON rooms
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bump_account_revisions();
CREATE TRIGGER rooms_revision_update AFTER UPDATE ON rooms
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bump_account_revisions();
CREATE TRIGGER rooms_revision_delete AFTER DELETE ON rooms
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bump_account_revisions();
CREATE TRIGGER rooms_revision_truncate AFTER TRUNCATE ON rooms
  FOR EACH STATEMENT EXECUTE FUNCTION forget_account_revisions();

CREATE TRIGGER customers_revision_insert AFTER INSERT ON customers
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bump_account_revisions();
CREATE TRIGGER customers_revision_update AFTER UPDATE ON customers
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bump_account_revisions();
CREATE TRIGGER customers_revision_delete AFTER DELETE ON customers
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bump_account_revisions();
CREATE TRIGGER customers_revision_truncate AFTER TRUNCATE ON customers
  FOR EACH STATEMENT EXECUTE FUNCTION forget_account_revisions();

CREATE TRIGGER domains_revision_insert AFTER INSERT ON domains
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bump_account_revisions();
CREATE TRIGGER domains_revision_update AFTER UPDATE ON domains
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bump_account_revisions();
CREATE TRIGGER domains_revision_delete AFTER DELETE ON domains
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bump_account_revisions();
CREATE TRIGGER domains_revision_truncate AFTER TRUNCATE ON domains
  FOR EACH STATEMENT EXECUTE FUNCTION forget_account_revisions();

CREATE TRIGGER messages_revision_insert AFTER INSERT ON messages
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bump_account_revisions_by_domain();
CREATE TRIGGER messages_revision_update AFTER UPDATE ON messages
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bump_account_revisions_by_domain();
CREATE TRIGGER messages_revision_delete AFTER DELETE ON messages
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bump_account_revisions_by_domain();
CREATE TRIGGER messages_revision_truncate AFTER TRUNCATE ON messages
  FOR EACH STATEMENT EXECUTE FUNCTION forget_account_revisions();
