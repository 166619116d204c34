#!/usr/bin/env bash
# The team's conversation list in the database alone: the read before pages (every room of the
# account up to LIMIT 1000) against one page of 50 (LIMIT 51) at the top and 4,000 rooms down,
# before and after migration 006's index. A scratch database with conversations' migrations,
# 5,000 rooms of one account among 55,000 of 50 others, each with its last message; pgbench
# runs each query 200 times on one connection and prints the average latency.
# Usage: bash bench/tools/rooms-list-query.sh   (PostgreSQL on 127.0.0.1:5432, user postgres)
set -euo pipefail
cd "$(dirname "$0")/../.."
DB="parley_bench_rooms_list${PARLEY_TEST_SLOT:-}"
PSQL=(psql -h 127.0.0.1 -U postgres -q -v ON_ERROR_STOP=1)
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"; "${PSQL[@]}" -c "DROP DATABASE IF EXISTS $DB" >/dev/null' EXIT

"${PSQL[@]}" -c "DROP DATABASE IF EXISTS $DB" -c "CREATE DATABASE $DB" 2>/dev/null
for f in services/conversations/migrations/00[1-5]_*.sql; do "${PSQL[@]}" -d "$DB" -f "$f"; done
"${PSQL[@]}" -d "$DB" <<'SQL'
INSERT INTO domains VALUES ('d1', 'acct', 'shop.example.com', now());
INSERT INTO domains SELECT 'o'||g, 'other'||(g%50), 'o'||g||'.example.com', now() FROM generate_series(1, 50) g;
INSERT INTO customers SELECT 'c'||g, CASE WHEN g <= 5000 THEN 'acct' ELSE 'other'||(g%50) END,
  CASE WHEN g <= 5000 THEN 'd1' ELSE 'o'||(g%50+1) END, NULL, NULL, now() FROM generate_series(1, 55000) g;
INSERT INTO rooms (room_id, account_id, domain_id, customer_id, created_at, updated_at, last_message_id,
                   last_position, unread, message_count)
  SELECT 'r'||g, CASE WHEN g <= 5000 THEN 'acct' ELSE 'other'||(g%50) END,
         CASE WHEN g <= 5000 THEN 'd1' ELSE 'o'||(g%50+1) END, 'c'||g, now() - g * interval '1 minute',
         now() - g * interval '1 minute', 'm'||g, g * 3, g % 4 = 0, 3
    FROM generate_series(1, 55000) g;
INSERT INTO messages (message_id, room_id, domain_id, position, role, author, content, is_note, posted_at)
  SELECT 'm'||g, 'r'||g, 'd1', g * 3, 'user', 'customer', repeat('Where is my order? ', 5), false,
         now() - g * interval '1 minute'
    FROM generate_series(1, 55000) g;
ANALYZE;
SQL

# The columns and joins of services/conversations/src/projections/queries.ts roomsOfAccount.
SELECT="SELECT r.room_id, r.account_id, r.domain_id, d.domain, r.customer_id, c.email, r.live, r.mailed,
  r.shared_with, r.created_at, r.updated_at, r.unread, r.message_count,
  (SELECT row_to_json(x) FROM (SELECT m.message_id, m.role, m.author, m.content, m.posted_at,
     m.team_member_id, m.team_member_name, m.is_note, m.note_type, m.link, m.product_ids,
     m.checkout_product_id, m.seen, m.client_id, m.offline FROM messages m
     WHERE m.message_id = r.last_message_id) x) AS last,
  (extract(epoch FROM r.updated_at) * 1000000)::bigint::text AS updated_micros,
  r.last_position::text AS last_position
  FROM rooms r JOIN domains d ON d.domain_id = r.domain_id LEFT JOIN customers c ON c.customer_id = r.customer_id
  WHERE r.account_id = 'acct'"
ORDER="ORDER BY r.updated_at DESC, r.last_position DESC, r.room_id DESC"
AFTER=$("${PSQL[@]}" -d "$DB" -Atc "SELECT format('(timestamptz ''epoch'' + %s::bigint * interval ''1 microsecond'', %s::bigint, %L::text)',
  (extract(epoch FROM updated_at) * 1000000)::bigint, last_position, room_id)
  FROM rooms WHERE account_id = 'acct' $(echo "$ORDER" | sed 's/r\.//g') OFFSET 3999 LIMIT 1")
echo "$SELECT ORDER BY r.updated_at DESC, r.last_position DESC LIMIT 1000;" >"$WORK/before-pages.sql"
echo "$SELECT $ORDER LIMIT 51;" >"$WORK/first-page.sql"
echo "$SELECT AND (r.updated_at, r.last_position, r.room_id) < $AFTER $ORDER LIMIT 51;" >"$WORK/page-81.sql"

run() {
  for q in before-pages first-page page-81; do
    printf '  %-13s' "$q"
    pgbench -h 127.0.0.1 -U postgres -n -f "$WORK/$q.sql" -t 200 -c 1 "$DB" 2>/dev/null | grep 'latency average'
  done
}
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "index (account_id, updated_at DESC) of migration 001:"
run
"${PSQL[@]}" -d "$DB" -f services/conversations/migrations/006_rooms_list_order.sql
"${PSQL[@]}" -d "$DB" -c 'ANALYZE rooms'
echo "index (account_id, updated_at DESC, last_position DESC, room_id DESC) of migration 006:"
run
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
