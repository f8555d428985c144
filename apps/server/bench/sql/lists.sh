#!/bin/sh
# Issue 32 items 3–4, statement by statement on PostgreSQL (docs/benchmarks.md, "Lists at 200,000 members"):
# seeds a scratch database i32_bench, then prints the median of 7 EXPLAIN ANALYZE execution times
# of each statement before and after decision 180. Usage: sh apps/server/bench/sql/lists.sh [psql connection options]
set -e
CONN="${*:--h 127.0.0.1 -U postgres}"
psql -q $CONN -d postgres -f "$(dirname "$0")/lists-seed.sql" >/dev/null
P="psql -qAt $CONN -d i32_bench"
HEAVY=$($P -c "SELECT user_id FROM token_lots GROUP BY user_id ORDER BY count(*) DESC LIMIT 1")
LIGHT=$($P -c "SELECT id FROM users ORDER BY created_at LIMIT 1")
median() {
  for i in 1 2 3 4 5 6 7; do
    echo "EXPLAIN (ANALYZE, FORMAT JSON) $1" | sed "s/:heavy/'$HEAVY'/; s/:light/'$LIGHT'/" | $P |
      python3 -c "import json,sys; print(json.load(sys.stdin)[0]['Execution Time'])"
  done | sort -n | sed -n 4p
}
LOTS="SELECT id, source, created_at, tokens, remaining, expires_at, expires_at <= now() AS expired FROM token_lots WHERE user_id = :USER ORDER BY created_at DESC, id DESC"
for u in light heavy; do echo "lots, $u member, before (no index, every lot): $(median "$(echo "$LOTS" | sed "s/:USER/:$u/")") ms"; done
$P -c "CREATE INDEX token_lots_user_idx ON token_lots (user_id, created_at DESC, id DESC); ANALYZE token_lots" >/dev/null
for u in light heavy; do
  echo "lots, $u member, index, every lot: $(median "$(echo "$LOTS" | sed "s/:USER/:$u/")") ms"
  echo "lots, $u member, index, newest 51: $(median "$(echo "$LOTS LIMIT 51" | sed "s/:USER/:$u/")") ms"
done
PAGE="SELECT id FROM users ORDER BY created_at DESC, id DESC LIMIT 101 OFFSET"
NEAR="SELECT id FROM (SELECT id, created_at FROM users ORDER BY created_at ASC, id ASC LIMIT 101 OFFSET"
echo "users page 1: $(median "$PAGE 0") ms"
echo "users page 1000 (middle) by offset: $(median "$PAGE 99900") ms"
echo "users page 1500 by offset: $(median "$PAGE 149900") ms; from the nearer end: $(median "$NEAR 49999) p ORDER BY created_at DESC, id DESC") ms"
echo "users page 2000 (last) by offset: $(median "$PAGE 199900") ms; from the nearer end: $(median "$NEAR 0) p ORDER BY created_at DESC, id DESC") ms"
