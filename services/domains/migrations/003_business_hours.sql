-- Issue 17: each domain's business hours (domains.BusinessHoursUpdated); NULL until the owner
-- saves them, read as the defaults (off: always in hours).
ALTER TABLE domains ADD COLUMN business_hours jsonb;
