-- Refunds of token packages (docs/decisions/135-refunds.md) and their credit notes
-- (docs/decisions/136-credit-notes.md). The database holds the rules the code relies on: one
-- live request per payment, a lot refunded at most once and in full, the fee and the refund
-- tied to the amount paid, a credit note per refund whose total is the refund, numbered from
-- the same gapless counters as invoices.

-- A new ledger kind, 'refund': a refunded package's tokens leave its lot (a debit). The kind
-- list is extended as it stands (as migration 086 does), so kinds other migrations add are kept.
DO $$
DECLARE
  def text;
BEGIN
  SELECT pg_get_constraintdef(oid) INTO def FROM pg_constraint
   WHERE conrelid = 'token_ledger'::regclass AND conname = 'token_ledger_kind_check';
  IF def IS NULL OR position('ARRAY[' in def) = 0 THEN
    RAISE EXCEPTION 'token_ledger_kind_check is not a list of kinds: %', def;
  END IF;
  EXECUTE 'ALTER TABLE token_ledger DROP CONSTRAINT token_ledger_kind_check, ADD CONSTRAINT token_ledger_kind_check '
    || replace(def, 'ARRAY[', 'ARRAY[''refund''::text, ');
END
$$;

-- A lot is refunded at most once.
CREATE UNIQUE INDEX token_ledger_lot_refund_key ON token_ledger (lot_id) WHERE kind = 'refund';

CREATE TABLE refund_requests (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  payment_id uuid NOT NULL REFERENCES payments (id),
  -- The member, while the account exists (the payment row keeps the financial record).
  user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  reason text NOT NULL CHECK (char_length(reason) BETWEEN 1 AND 1000),
  status text NOT NULL DEFAULT 'requested'
    CHECK (status IN ('requested', 'approved', 'refunded', 'refund_failed', 'declined')),
  -- Copied from the payment when asked (a trigger checks they are the payment's).
  tokens integer NOT NULL CHECK (tokens > 0),
  currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  amount_minor integer NOT NULL CHECK (amount_minor > 0),
  -- The administrative fee: 10 % of the amount paid, rounded down (decision 135).
  fee_minor integer NOT NULL,
  refund_minor integer NOT NULL,
  requested_at timestamptz NOT NULL DEFAULT now(),
  decided_at timestamptz,
  decided_by text,
  decision_reason text CHECK (decision_reason IS NULL OR char_length(decision_reason) BETWEEN 1 AND 1000),
  -- The provider's refund; the attempt number makes each attempt's receipt distinct and deterministic.
  provider_refund_id text,
  refund_attempt integer NOT NULL DEFAULT 0 CHECK (refund_attempt >= 0),
  -- Set while one process asks the provider, so a concurrent approval does not ask again.
  provider_call_started_at timestamptz,
  provider_status text,
  provider_detail text,
  settled_at timestamptz,
  CHECK (fee_minor = (amount_minor::bigint * 10 / 100)::integer),
  CHECK (refund_minor = amount_minor - fee_minor AND refund_minor > 0),
  CHECK ((status = 'requested') = (decided_at IS NULL)),
  CHECK (status <> 'declined' OR decision_reason IS NOT NULL),
  CHECK (status <> 'refunded' OR (provider_refund_id IS NOT NULL AND settled_at IS NOT NULL))
);
-- One live request per payment: a declined one may be followed by another (still within the window).
CREATE UNIQUE INDEX refund_requests_live_key ON refund_requests (payment_id) WHERE status <> 'declined';
CREATE UNIQUE INDEX refund_requests_provider_key ON refund_requests (provider_refund_id) WHERE provider_refund_id IS NOT NULL;
CREATE INDEX refund_requests_status_idx ON refund_requests (status, requested_at DESC);
CREATE INDEX refund_requests_user_idx ON refund_requests (user_id, requested_at DESC);

-- The figures are the payment's, and the state moves only forward:
--   requested → approved | declined; approved → refunded | refund_failed;
--   refund_failed → approved (retry) | refunded (the provider paid after all).
CREATE FUNCTION refund_requests_guard() RETURNS trigger LANGUAGE plpgsql AS $$
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
    RETURN NEW;
  END IF;
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'refund requests are kept';
  END IF;
  IF NEW.payment_id <> OLD.payment_id OR NEW.tokens <> OLD.tokens OR NEW.currency <> OLD.currency
     OR NEW.amount_minor <> OLD.amount_minor OR NEW.fee_minor <> OLD.fee_minor OR NEW.refund_minor <> OLD.refund_minor
     OR NEW.reason <> OLD.reason OR NEW.requested_at <> OLD.requested_at THEN
    RAISE EXCEPTION 'refund request % cannot change its figures', OLD.id;
  END IF;
  IF NEW.status <> OLD.status AND NOT (
       (OLD.status = 'requested' AND NEW.status IN ('approved', 'declined'))
    OR (OLD.status = 'approved' AND NEW.status IN ('refunded', 'refund_failed'))
    OR (OLD.status = 'refund_failed' AND NEW.status IN ('approved', 'refunded'))) THEN
    RAISE EXCEPTION 'refund request % cannot go from % to %', OLD.id, OLD.status, NEW.status;
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER refund_requests_guard BEFORE INSERT OR UPDATE OR DELETE ON refund_requests
  FOR EACH ROW EXECUTE FUNCTION refund_requests_guard();

-- A 'refund' ledger entry takes a purchase lot's whole size, for an approved request of the
-- same payment and token count: a lot with any token used cannot go below zero, so it cannot
-- be refunded (the lot's CHECK), and a second refund of a lot is refused by the unique index.
CREATE FUNCTION token_ledger_refund_check() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  lot token_lots%ROWTYPE;
BEGIN
  IF NEW.kind <> 'refund' THEN
    RETURN NEW;
  END IF;
  SELECT * INTO lot FROM token_lots WHERE id = NEW.lot_id;
  IF lot.source IS DISTINCT FROM 'purchase' OR NEW.amount <> -lot.tokens THEN
    RAISE EXCEPTION 'a refund takes a purchase lot''s whole size (lot %)', NEW.lot_id;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM refund_requests r WHERE r.payment_id = lot.payment_id AND r.status = 'approved' AND r.tokens = lot.tokens) THEN
    RAISE EXCEPTION 'lot % has no approved refund request', NEW.lot_id;
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER token_ledger_refund_check BEFORE INSERT ON token_ledger
  FOR EACH ROW EXECUTE FUNCTION token_ledger_refund_check();

-- Credit notes: one per refund, referencing the invoice it reduces. The buyer and seller are
-- the invoice's (its snapshot, anonymised with it); the figures are the refund's.
CREATE TABLE credit_notes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  credit_note_number text NOT NULL UNIQUE,
  fy text NOT NULL,
  seq integer NOT NULL CHECK (seq > 0),
  refund_request_id uuid NOT NULL UNIQUE REFERENCES refund_requests (id),
  -- A package is refunded once, so an invoice has at most one credit note.
  invoice_number text NOT NULL UNIQUE REFERENCES invoices (invoice_number),
  user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  issued_at timestamptz NOT NULL DEFAULT now(),
  tokens integer NOT NULL CHECK (tokens > 0),
  currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  amount_paid_minor integer NOT NULL CHECK (amount_paid_minor > 0),
  fee_minor integer NOT NULL CHECK (fee_minor >= 0),
  taxable_minor integer NOT NULL CHECK (taxable_minor >= 0),
  cgst_minor integer NOT NULL CHECK (cgst_minor >= 0),
  sgst_minor integer NOT NULL CHECK (sgst_minor >= 0),
  igst_minor integer NOT NULL CHECK (igst_minor >= 0),
  total_minor integer NOT NULL CHECK (total_minor > 0),
  UNIQUE (fy, seq),
  CHECK (credit_note_number = 'CN/' || fy || '/' || lpad(seq::text, 6, '0')),
  CHECK (total_minor = taxable_minor + cgst_minor + sgst_minor + igst_minor),
  CHECK (total_minor = amount_paid_minor - fee_minor),
  CHECK (igst_minor = 0 OR (cgst_minor = 0 AND sgst_minor = 0))
);
CREATE INDEX credit_notes_user_idx ON credit_notes (user_id, issued_at DESC);

-- The number is the CN counter's value taken in this transaction (gapless, as invoices), and
-- the figures are the refund's and its invoice's.
CREATE FUNCTION credit_notes_check_insert() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  current integer;
  r refund_requests%ROWTYPE;
BEGIN
  SELECT last_number INTO current FROM invoice_counters WHERE series = 'CN' AND fy = NEW.fy;
  IF current IS DISTINCT FROM NEW.seq THEN
    RAISE EXCEPTION 'credit note % is not the next number of its financial year (counter at %)', NEW.credit_note_number, current;
  END IF;
  SELECT * INTO r FROM refund_requests WHERE id = NEW.refund_request_id;
  IF r.status IS DISTINCT FROM 'approved' OR r.refund_minor <> NEW.total_minor OR r.fee_minor <> NEW.fee_minor
     OR r.amount_minor <> NEW.amount_paid_minor OR r.currency <> NEW.currency OR r.tokens <> NEW.tokens THEN
    RAISE EXCEPTION 'credit note % does not match its approved refund', NEW.credit_note_number;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM invoices i WHERE i.invoice_number = NEW.invoice_number AND i.payment_id = r.payment_id) THEN
    RAISE EXCEPTION 'credit note % references another payment''s invoice', NEW.credit_note_number;
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER credit_notes_check_insert BEFORE INSERT ON credit_notes
  FOR EACH ROW EXECUTE FUNCTION credit_notes_check_insert();

-- Issued credit notes are kept and never change (only the owner link goes with the account).
CREATE FUNCTION credit_notes_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'credit notes are kept; an issued credit note cannot be deleted';
  END IF;
  IF (to_jsonb(NEW) - 'user_id') IS DISTINCT FROM (to_jsonb(OLD) - 'user_id') THEN
    RAISE EXCEPTION 'credit note % cannot change once issued', OLD.credit_note_number;
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER credit_notes_immutable BEFORE UPDATE OR DELETE ON credit_notes
  FOR EACH ROW EXECUTE FUNCTION credit_notes_immutable();

-- The sandbox provider's refunds (the embedded default plays Razorpay's refunds API).
CREATE TABLE payment_sandbox_refunds (
  id text PRIMARY KEY CHECK (id LIKE 'rfnd_sbx_%'),
  payment_id text NOT NULL REFERENCES payment_sandbox_payments (id),
  amount integer NOT NULL CHECK (amount > 0),
  currency text NOT NULL,
  receipt text,
  notes jsonb NOT NULL DEFAULT '{}',
  status text NOT NULL CHECK (status IN ('pending', 'processed', 'failed')),
  created_at timestamptz NOT NULL DEFAULT now()
);
-- A receipt names one refund, as Razorpay treats it.
CREATE UNIQUE INDEX payment_sandbox_refunds_receipt_key ON payment_sandbox_refunds (payment_id, receipt) WHERE receipt IS NOT NULL;
