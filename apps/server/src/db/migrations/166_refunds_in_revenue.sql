-- Refunds reach the operator's figures (docs/decisions/167-one-payment-vocabulary-and-net-revenue.md):
-- running totals, per currency, of the GST charged on paid payments and of what credit notes
-- gave back (total and GST), and how many purchases were refunded in full or less the fee.
-- A credit note is issued with the refund's approval and never changes or goes (migration 135),
-- so an insert trigger keeps them exact.

-- GST charged, beside 'revenue:<currency>' (migration 050), kept by the same statement trigger.
CREATE OR REPLACE FUNCTION stat_paid_payments() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  d record;
BEGIN
  IF TG_OP <> 'DELETE' THEN
    FOR d IN SELECT currency, count(*) AS n, sum(amount) AS amount, sum(gst_minor) AS gst FROM new_rows
              WHERE status = 'paid' GROUP BY currency ORDER BY currency LOOP
      PERFORM stat_add('payments_paid', d.n);
      PERFORM stat_add('revenue:' || d.currency, d.amount);
      PERFORM stat_add('revenue_tax:' || d.currency, d.gst);
    END LOOP;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    FOR d IN SELECT currency, count(*) AS n, sum(amount) AS amount, sum(gst_minor) AS gst FROM old_rows
              WHERE status = 'paid' GROUP BY currency ORDER BY currency LOOP
      PERFORM stat_add('payments_paid', -d.n);
      PERFORM stat_add('revenue:' || d.currency, -d.amount);
      PERFORM stat_add('revenue_tax:' || d.currency, -d.gst);
    END LOOP;
  END IF;
  RETURN NULL;
END
$$;

CREATE FUNCTION stat_credit_notes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM stat_add('refunded:' || NEW.currency, NEW.total_minor);
  PERFORM stat_add('refunded_tax:' || NEW.currency, NEW.cgst_minor + NEW.sgst_minor + NEW.igst_minor);
  PERFORM stat_add(CASE WHEN NEW.total_minor >= NEW.amount_paid_minor THEN 'payments_refunded' ELSE 'payments_partially_refunded' END, 1);
  RETURN NULL;
END
$$;
CREATE TRIGGER credit_notes_stats AFTER INSERT ON credit_notes FOR EACH ROW EXECUTE FUNCTION stat_credit_notes();

-- Start from today's rows.
INSERT INTO stat_counters (name, slot, value)
SELECT name, 0, value FROM (
  SELECT 'revenue_tax:' || currency AS name, sum(gst_minor) AS value FROM payments WHERE status = 'paid' GROUP BY currency
  UNION ALL SELECT 'refunded:' || currency, sum(total_minor) FROM credit_notes GROUP BY currency
  UNION ALL SELECT 'refunded_tax:' || currency, sum(cgst_minor + sgst_minor + igst_minor) FROM credit_notes GROUP BY currency
  UNION ALL SELECT 'payments_refunded', count(*) FROM credit_notes WHERE total_minor >= amount_paid_minor
  UNION ALL SELECT 'payments_partially_refunded', count(*) FROM credit_notes WHERE total_minor < amount_paid_minor
) s
ON CONFLICT (name, slot) DO UPDATE SET value = stat_counters.value + EXCLUDED.value;

-- Token Purchases filters by state and date; a payment's credit note is found by its refund.
CREATE INDEX IF NOT EXISTS refund_requests_payment_idx ON refund_requests (payment_id);
