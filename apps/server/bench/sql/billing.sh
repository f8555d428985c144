#!/bin/sh
# Issue 32, the billing history and the refund list (decision 189; docs/benchmarks.md, "Billing history and refund list"):
# on a database grown by `npm run bench:scale -- --members=20000 --seed-only --database=NAME`, prints for the
# heaviest member and a light one the median of 7 EXPLAIN ANALYZE execution times of the history's first page,
# the statement before and after, taken in turn; then the refund list's first page (50) as JSON, the whole rows
# before and the list's fields after. Usage: sh apps/server/bench/sql/billing.sh NAME [psql connection options]
set -e
DB="$1"; shift
CONN="${*:--h 127.0.0.1 -U postgres}"
DIR="$(dirname "$0")"
P="psql -qAt $CONN -d $DB"
# Migration 184's index, which the statement after needs (a database seeded before it has none).
$P -c "CREATE INDEX IF NOT EXISTS token_ledger_user_at_idx ON token_ledger (user_id, created_at, id); ANALYZE token_ledger" >/dev/null
HEAVY=$($P -c "SELECT user_id FROM token_ledger GROUP BY user_id ORDER BY count(*) DESC LIMIT 1")
LIGHT=$($P -c "SELECT user_id FROM token_ledger GROUP BY user_id HAVING count(*) BETWEEN 4 AND 8 ORDER BY user_id LIMIT 1")
time_of() { # file, member
  { echo 'EXPLAIN (ANALYZE, FORMAT JSON)'; sed '/^--/d' "$1"; } | psql -qAt $CONN -d "$DB" -v u="$2" |
    python3 -c "import json,sys; print(json.load(sys.stdin)[0]['Execution Time'])"
}
for who in light heavy; do
  [ $who = heavy ] && U=$HEAVY || U=$LIGHT
  N=$($P -c "SELECT count(*) FROM token_ledger WHERE user_id = '$U'")
  : > /tmp/billing-before.$$; : > /tmp/billing-after.$$
  for i in 1 2 3 4 5 6 7; do
    time_of "$DIR/billing-old.sql" "$U" >> /tmp/billing-before.$$
    time_of "$DIR/billing-new.sql" "$U" >> /tmp/billing-after.$$
  done
  echo "history first page, $who member ($N ledger entries): before $(sort -n /tmp/billing-before.$$ | sed -n 4p) ms, after $(sort -n /tmp/billing-after.$$ | sed -n 4p) ms"
done
rm -f /tmp/billing-before.$$ /tmp/billing-after.$$
WHOLE="SELECT r.id, r.payment_id AS purchase_id, r.status, r.reason AS reason, r.tokens, r.currency, r.amount_minor, r.fee_minor, r.refund_minor, r.requested_at,
  r.decided_at, r.decision_reason AS decision_reason, cn.credit_note_number, u.name AS member_name, u.email AS member_email, p.package_name, i.invoice_number,
  r.provider_refund_id, r.decided_by"
LIST="SELECT r.id, r.payment_id AS purchase_id, r.status, u.name AS member_name, u.email AS member_email, p.package_name, r.tokens, r.currency,
  r.amount_minor, r.fee_minor, r.refund_minor, r.requested_at, left(r.reason, 280) AS reason, left(r.decision_reason, 280) AS decision_reason,
  r.decided_by, (char_length(r.reason) > 280 OR coalesce(char_length(r.decision_reason), 0) > 280) AS reasons_cut,
  (r.status = 'refund_failed' OR (r.status = 'approved' AND r.provider_refund_id IS NULL)) AS retryable, i.invoice_number, cn.credit_note_number"
FROM="FROM (SELECT id FROM refund_requests ORDER BY requested_at DESC, id DESC LIMIT 50) page JOIN refund_requests r ON r.id = page.id
  JOIN payments p ON p.id = r.payment_id LEFT JOIN users u ON u.id = r.user_id LEFT JOIN invoices i ON i.payment_id = r.payment_id
  LEFT JOIN credit_notes cn ON cn.refund_request_id = r.id"
bytes() { $P -c "SELECT octet_length(json_agg(x)::text) FROM ($1 $FROM) x"; }
echo "refund list, first page of 50 as JSON: whole rows $(bytes "$WHOLE") bytes, the list's fields $(bytes "$LIST") bytes"
# Reasons may be 1,000 characters (and a decline's too); the bench's are short. The same page with both at the bound:
LONG="repeat('धनवापसी का अनुरोध ', 60)::varchar(1000)"
bytes_long() { $P -c "SELECT octet_length(json_agg(x)::text) FROM ($(echo "$1" | sed "s/r\.reason/$LONG/g; s/r\.decision_reason/$LONG/g") $FROM) x"; }
echo "refund list, the same page with both reasons 1,000 characters (Hindi, 3 bytes a letter in UTF-8): whole rows $(bytes_long "$WHOLE") bytes, the list's fields $(bytes_long "$LIST") bytes"
