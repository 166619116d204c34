-- Issue 17: a visitor's message left with the widget's offline form, outside business hours
-- (MessagePosted.offline). Earlier messages were all written in hours (or with hours off).
ALTER TABLE messages ADD COLUMN offline boolean NOT NULL DEFAULT false;
