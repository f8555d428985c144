-- Refunds that cannot be lost (docs/decisions/165-pending-refunds-hold-their-lot.md and
-- 166-payments-captured-for-deleted-accounts.md):
--   * a package whose refund is pending is held: none of its tokens can be spent until the
--     request is decided or withdrawn, so an approval never fails on "tokens used";
--   * a member may withdraw a pending request;
--   * a payment captured after its buyer deleted the account is flagged for a full refund.

-- The member may withdraw a request still waiting for a decision (like a declined one, it may
-- be followed by a new request).
ALTER TABLE refund_requests DROP CONSTRAINT refund_requests_status_check;
ALTER TABLE refund_requests ADD CONSTRAINT refund_requests_status_check
  CHECK (status IN ('requested', 'approved', 'refunded', 'refund_failed', 'declined', 'withdrawn'));
DROP INDEX refund_requests_live_key;
CREATE UNIQUE INDEX refund_requests_live_key ON refund_requests (payment_id) WHERE status NOT IN ('declined', 'withdrawn');

-- Who asked: the member, or the capture itself when the buyer's account was already gone (the
-- money came in for nobody: refunded whole, no fee).
ALTER TABLE refund_requests ADD COLUMN origin text NOT NULL DEFAULT 'member'
  CHECK (origin IN ('member', 'orphan_capture'));
DO $$
DECLARE
  c record;
BEGIN
  FOR c IN SELECT conname FROM pg_constraint
            WHERE conrelid = 'refund_requests'::regclass AND contype = 'c'
              AND pg_get_constraintdef(oid) LIKE '%fee_minor = %' AND pg_get_constraintdef(oid) LIKE '%amount_minor%' LOOP
    EXECUTE format('ALTER TABLE refund_requests DROP CONSTRAINT %I', c.conname);
  END LOOP;
END
$$;
ALTER TABLE refund_requests ADD CONSTRAINT refund_requests_fee_check CHECK (
  fee_minor = CASE origin WHEN 'member' THEN (amount_minor::bigint * 10 / 100)::integer ELSE 0 END);

-- A purchase lot is held while its payment has a refund request waiting for a decision. The
-- flag is kept by the trigger below from the request's state alone; spending (holds and
-- operator deductions) is refused on a held lot by the ledger's trigger, so no code path can
-- spend a package that is being refunded.
ALTER TABLE token_lots ADD COLUMN refund_pending boolean NOT NULL DEFAULT false;

CREATE OR REPLACE FUNCTION refund_requests_guard() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  p payments%ROWTYPE;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT * INTO p FROM payments WHERE id = NEW.payment_id;
    IF p.status IS DISTINCT FROM 'paid' OR p.amount <> NEW.amount_minor OR p.currency <> NEW.currency OR p.tokens <> NEW.tokens THEN
      RAISE EXCEPTION 'refund request does not match paid payment %', NEW.payment_id;
    END IF;
    IF NEW.status <> 'requested' THEN
      RAISE EXCEPTION 'a refund request starts as requested';
    END IF;
    -- Only a payment that names no member can be flagged by its capture.
    IF NEW.origin = 'orphan_capture' AND (p.user_id IS NOT NULL OR NEW.user_id IS NOT NULL) THEN
      RAISE EXCEPTION 'payment % has a member: its refund is the member''s to ask for', NEW.payment_id;
    END IF;
    RETURN NEW;
  END IF;
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'refund requests are kept';
  END IF;
  IF NEW.payment_id <> OLD.payment_id OR NEW.tokens <> OLD.tokens OR NEW.currency <> OLD.currency
     OR NEW.amount_minor <> OLD.amount_minor OR NEW.fee_minor <> OLD.fee_minor OR NEW.refund_minor <> OLD.refund_minor
     OR NEW.reason <> OLD.reason OR NEW.requested_at <> OLD.requested_at OR NEW.origin <> OLD.origin THEN
    RAISE EXCEPTION 'refund request % cannot change its figures', OLD.id;
  END IF;
  IF NEW.status <> OLD.status AND NOT (
       (OLD.status = 'requested' AND NEW.status IN ('approved', 'declined', 'withdrawn'))
    OR (OLD.status = 'approved' AND NEW.status IN ('refunded', 'refund_failed'))
    OR (OLD.status = 'refund_failed' AND NEW.status IN ('approved', 'refunded'))) THEN
    RAISE EXCEPTION 'refund request % cannot go from % to %', OLD.id, OLD.status, NEW.status;
  END IF;
  RETURN NEW;
END
$$;

-- The lot of a payment is held exactly while its live request is 'requested'.
CREATE FUNCTION refund_requests_hold_lot() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE token_lots SET refund_pending = (NEW.status = 'requested')
   WHERE payment_id = NEW.payment_id AND refund_pending IS DISTINCT FROM (NEW.status = 'requested');
  RETURN NULL;
END
$$;
CREATE TRIGGER refund_requests_hold_lot AFTER INSERT OR UPDATE OF status ON refund_requests
  FOR EACH ROW EXECUTE FUNCTION refund_requests_hold_lot();

-- A held lot gives nothing to a report or an operator's deduction, and is neither forfeited
-- nor expired while the request waits: the decision finds its tokens whole.
CREATE FUNCTION token_ledger_refund_hold_check() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.kind IN ('hold', 'adjust_debit', 'forfeit', 'expiry') AND EXISTS (SELECT 1 FROM token_lots WHERE id = NEW.lot_id AND refund_pending) THEN
    RAISE EXCEPTION 'lot % is held for a pending refund', NEW.lot_id;
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER token_ledger_refund_hold_check BEFORE INSERT ON token_ledger
  FOR EACH ROW EXECUTE FUNCTION token_ledger_refund_hold_check();

-- Requests waiting today hold their lots from now on.
WITH pending AS (SELECT payment_id FROM refund_requests WHERE status = 'requested')
UPDATE token_lots l SET refund_pending = true FROM pending WHERE l.payment_id = pending.payment_id AND l.remaining = l.tokens;

-- Holding is the refund's business alone: nothing else sets the flag.
CREATE FUNCTION token_lots_refund_pending_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.refund_pending IS DISTINCT FROM OLD.refund_pending AND pg_trigger_depth() < 2 THEN
    RAISE EXCEPTION 'token_lots.refund_pending follows the refund request';
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER token_lots_refund_pending_guard BEFORE UPDATE OF refund_pending ON token_lots
  FOR EACH ROW EXECUTE FUNCTION token_lots_refund_pending_guard();
