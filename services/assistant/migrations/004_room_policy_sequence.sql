-- The reactor applies rooms side by side (not one event at a time in a transaction with the
-- checkpoint), so each room carries the stream sequence of the last event applied to it: a
-- replayed or redelivered event at or below it is skipped, which keeps every event's change to
-- the state exactly-once. Rows from before start at 0: the checkpoint already passed their events.
ALTER TABLE room_policy ADD COLUMN last_seq bigint NOT NULL DEFAULT 0;
