-- Issue 17: the domain's business hours (domains.BusinessHoursUpdated). Outside them a visitor's
-- request for a person gets the widget's offline form instead of a handoff. NULL: never saved,
-- always in hours. No rebuild: the event is new, so no earlier one was skipped.
ALTER TABLE knowledge_domains ADD COLUMN business_hours jsonb;
