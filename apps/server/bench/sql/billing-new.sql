-- The billing history's statement after decision 189 (list-token-history.ts, first page of 20); :'u' is the member.
WITH page AS MATERIALIZED (
  SELECT e.id, e.user_id, e.created_at, e.kind, e.hold_id, e.note, e.lot_id
    FROM token_ledger e
   WHERE e.user_id = :'u'
     AND NOT EXISTS (SELECT 1 FROM token_ledger o WHERE o.user_id = e.user_id AND o.created_at = e.created_at AND o.kind = e.kind
           AND o.hold_id IS NOT DISTINCT FROM e.hold_id AND o.note IS NOT DISTINCT FROM e.note
           AND (e.kind IN ('hold', 'release', 'adjust_debit') OR o.lot_id = e.lot_id) AND o.id < e.id)
   ORDER BY e.created_at DESC, e.id DESC
   LIMIT 21)
SELECT page.id AS first_id, page.created_at AS at, page.kind, ev.amount, page.note,
       h.report_id, h.state AS hold_state, h.purpose, ev.lot_source, ev.package_name, r.title
  FROM page
  CROSS JOIN LATERAL (
    SELECT sum(o.amount)::int8 AS amount, min(l.source) AS lot_source, min(p.package_name) AS package_name
      FROM token_ledger o JOIN token_lots l ON l.id = o.lot_id LEFT JOIN payments p ON p.id = o.payment_id
     WHERE o.user_id = page.user_id AND o.created_at = page.created_at AND o.kind = page.kind
       AND o.hold_id IS NOT DISTINCT FROM page.hold_id AND o.note IS NOT DISTINCT FROM page.note
       AND (page.kind IN ('hold', 'release', 'adjust_debit') OR o.lot_id = page.lot_id)) ev
  LEFT JOIN token_holds h ON h.id = page.hold_id AND h.user_id = page.user_id
  LEFT JOIN reports r ON r.id = CASE WHEN h.report_id ~* '^[0-9a-f]{8}-([0-9a-f]{4}-){3}[0-9a-f]{12}$' THEN h.report_id::uuid END AND r.user_id = page.user_id
 ORDER BY page.created_at DESC, page.id DESC;
