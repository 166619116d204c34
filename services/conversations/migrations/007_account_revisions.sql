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

-- On each table the list reads: <table>_revision_insert / _update / _delete / _truncate.
DO $$
DECLARE
  t text;
  bump text;
BEGIN
  FOREACH t IN ARRAY ARRAY['rooms', 'customers', 'domains', 'messages'] LOOP
    bump := CASE t WHEN 'messages' THEN 'bump_account_revisions_by_domain' ELSE 'bump_account_revisions' END;
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS changed
                    FOR EACH STATEMENT EXECUTE FUNCTION %I()', t || '_revision_insert', t, bump);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING NEW TABLE AS changed
                    FOR EACH STATEMENT EXECUTE FUNCTION %I()', t || '_revision_update', t, bump);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS changed
                    FOR EACH STATEMENT EXECUTE FUNCTION %I()', t || '_revision_delete', t, bump);
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I
                    FOR EACH STATEMENT EXECUTE FUNCTION forget_account_revisions()', t || '_revision_truncate', t);
  END LOOP;
END $$;
