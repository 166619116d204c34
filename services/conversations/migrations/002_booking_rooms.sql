-- The booking visitor's conversation (conversations.AppointmentBooked's roomId): the room they
-- chat in, or the one their first message opens. The team sees a booking when it may see that
-- room (an AGENT: the room is shared with them); bookings recorded before this have none.
ALTER TABLE bookings ADD COLUMN room_id text;
CREATE INDEX bookings_room ON bookings (room_id);
CREATE INDEX bookings_account_created ON bookings (account_id, created_at DESC);
