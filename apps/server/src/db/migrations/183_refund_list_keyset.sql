-- The operator's refund list pages by keyset on (requested_at, id), newest first, all requests or
-- one status (docs/decisions/184-bounded-operator-lists.md, issue 32 item 3). The page's ids are
-- read from these indexes first; only those rows are then joined to their payment, member,
-- invoice and credit note, so the list no longer joins every payment.
CREATE INDEX refund_requests_requested_idx ON refund_requests (requested_at DESC, id DESC);
DROP INDEX refund_requests_status_idx;
CREATE INDEX refund_requests_status_idx ON refund_requests (status, requested_at DESC, id DESC);
