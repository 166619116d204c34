-- The team's conversation list comes in pages keyed on its last row (updated_at, last_position,
-- room_id, all descending): an index in exactly that order per account lets each page seek to
-- its cursor and read only its own rows. It replaces (account_id, updated_at DESC), its prefix.
CREATE INDEX rooms_account_list_order ON rooms (account_id, updated_at DESC, last_position DESC, room_id DESC);
DROP INDEX rooms_account_activity;
