-- Failed purchases as a running total beside 'payments' and 'payments_paid' (migration 050), so
-- the dashboard and the Token Purchases tab read one breakdown: paid, failed, and pending (the
-- rest) (docs/decisions/141-failed-payments-and-purchase-counts.md).
CREATE FUNCTION stat_failed_payments() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  n bigint;
BEGIN
  IF TG_OP <> 'DELETE' THEN
    SELECT count(*) INTO n FROM new_rows WHERE status = 'failed';
    IF n <> 0 THEN PERFORM stat_add('payments_failed', n); END IF;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    SELECT count(*) INTO n FROM old_rows WHERE status = 'failed';
    IF n <> 0 THEN PERFORM stat_add('payments_failed', -n); END IF;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER payments_failed_insert AFTER INSERT ON payments REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION stat_failed_payments();
CREATE TRIGGER payments_failed_update AFTER UPDATE ON payments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION stat_failed_payments();
CREATE TRIGGER payments_failed_delete AFTER DELETE ON payments REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION stat_failed_payments();

INSERT INTO stat_counters (name, slot, value)
SELECT 'payments_failed', 0, count(*) FROM payments WHERE status = 'failed'
ON CONFLICT (name, slot) DO UPDATE SET value = EXCLUDED.value;
