-- The billing history's statement before decision 189 (every entry of the member grouped, then sorted); :'u' is the member.
SELECT min(e.id)::int8 AS first_id, min(e.created_at) AS at, e.kind, sum(e.amount)::int8 AS amount, e.note,
       h.report_id, h.state AS hold_state, h.purpose, min(l.source) AS lot_source, min(p.package_name) AS package_name, min(r.title) AS title
  FROM token_ledger e
  JOIN token_lots l ON l.id = e.lot_id
  LEFT JOIN token_holds h ON h.id = e.hold_id AND h.user_id = e.user_id
  LEFT JOIN payments p ON p.id = e.payment_id
  LEFT JOIN reports r ON r.id::text = h.report_id AND r.user_id = e.user_id
 WHERE e.user_id = :'u' AND (NULL::int8 IS NULL OR e.id < NULL::int8)
 GROUP BY e.kind, e.created_at, e.hold_id, e.note, h.report_id, h.state, h.purpose,
          CASE WHEN e.kind IN ('hold', 'release', 'adjust_debit') THEN NULL ELSE e.lot_id END
 ORDER BY first_id DESC
 LIMIT 21;
