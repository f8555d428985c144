-- A member's token history pages by event (docs/decisions/189-billing-history-bounded.md, issue 32).
-- One event is the ledger rows one statement wrote at one moment (a hold over several lots); the
-- page walks token_ledger_user_idx (user_id, id) newest first and keeps each event's first row,
-- which this index finds by (member, moment), as it finds the event's other rows to add them up.
-- Without it, telling an event's first row meant grouping every entry the member ever had.
CREATE INDEX token_ledger_user_at_idx ON token_ledger (user_id, created_at, id);
