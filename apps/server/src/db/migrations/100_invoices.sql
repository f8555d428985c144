-- Tax invoices (docs/decisions/130-tax-invoices.md): one per captured payment, numbered from
-- one gapless counter per Indian financial year (April–March). Every figure and the buyer
-- are copied onto the invoice when it is issued, so the PDF is rebuilt from this row alone.

-- The billing details a member may add before buying (all optional).
CREATE TABLE billing_profiles (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  address text CHECK (address IS NULL OR char_length(address) BETWEEN 1 AND 500),
  -- GST state code of the billing address ('29' Karnataka, ...): the place of supply.
  state_code text CHECK (state_code IS NULL OR state_code ~ '^[0-9]{2}$'),
  gstin text CHECK (gstin IS NULL OR gstin ~ '^[0-9]{2}[A-Z0-9]{13}$'),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- One row per financial year: the last number issued. Taking a number is an UPDATE of this
-- row in the capture's transaction, so concurrent captures queue on the row lock and a
-- rolled-back capture gives its number back (a SEQUENCE would leave a gap).
CREATE TABLE invoice_counters (
  series text NOT NULL CHECK (series IN ('INV', 'CN')),
  fy text NOT NULL CHECK (fy ~ '^[0-9]{4}-[0-9]{2}$'),
  last_number integer NOT NULL CHECK (last_number >= 0),
  PRIMARY KEY (series, fy)
);

CREATE TABLE invoices (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  invoice_number text NOT NULL UNIQUE,
  fy text NOT NULL,
  seq integer NOT NULL CHECK (seq > 0),
  -- One invoice per payment; a payment row is never deleted (financial records are kept).
  payment_id uuid NOT NULL UNIQUE REFERENCES payments (id),
  -- The owner, while the account exists (the buyer snapshot below is what the invoice shows).
  user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  issued_at timestamptz NOT NULL DEFAULT now(),
  seller jsonb NOT NULL,
  buyer_name text NOT NULL,
  buyer_email text NOT NULL,
  buyer_phone text,
  buyer_address text,
  buyer_gstin text,
  buyer_anonymised_at timestamptz,
  place_of_supply text NOT NULL CHECK (place_of_supply ~ '^[0-9]{2}$'),
  sac text NOT NULL,
  description text NOT NULL,
  tokens integer NOT NULL CHECK (tokens > 0),
  currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  taxable_minor integer NOT NULL CHECK (taxable_minor > 0),
  gst_percent integer NOT NULL CHECK (gst_percent >= 0),
  cgst_minor integer NOT NULL CHECK (cgst_minor >= 0),
  sgst_minor integer NOT NULL CHECK (sgst_minor >= 0),
  igst_minor integer NOT NULL CHECK (igst_minor >= 0),
  total_minor integer NOT NULL,
  provider_payment_id text NOT NULL,
  UNIQUE (fy, seq),
  CHECK (invoice_number = 'INV/' || fy || '/' || lpad(seq::text, 6, '0')),
  CHECK (total_minor = taxable_minor + cgst_minor + sgst_minor + igst_minor),
  -- Either intra-state (CGST + SGST) or inter-state (IGST), never both.
  CHECK (igst_minor = 0 OR (cgst_minor = 0 AND sgst_minor = 0))
);
CREATE INDEX invoices_user_idx ON invoices (user_id, issued_at DESC);

-- An issued invoice never changes, except that its buyer may be anonymised (account deletion).
CREATE FUNCTION invoices_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'invoices are kept; an issued invoice cannot be deleted';
  END IF;
  IF (to_jsonb(NEW) - ARRAY['user_id', 'buyer_name', 'buyer_email', 'buyer_phone', 'buyer_address', 'buyer_gstin', 'buyer_anonymised_at'])
     IS DISTINCT FROM (to_jsonb(OLD) - ARRAY['user_id', 'buyer_name', 'buyer_email', 'buyer_phone', 'buyer_address', 'buyer_gstin', 'buyer_anonymised_at']) THEN
    RAISE EXCEPTION 'invoice % cannot change once issued', OLD.invoice_number;
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER invoices_immutable BEFORE UPDATE OR DELETE ON invoices
  FOR EACH ROW EXECUTE FUNCTION invoices_immutable();

-- Numbers come only from the counter, in order: an invoice's number is the counter's value
-- taken in the same transaction, so numbers run 1, 2, 3 ... with no gap and no reuse.
CREATE FUNCTION invoices_number_from_counter() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  current integer;
BEGIN
  SELECT last_number INTO current FROM invoice_counters WHERE series = 'INV' AND fy = NEW.fy;
  IF current IS DISTINCT FROM NEW.seq THEN
    RAISE EXCEPTION 'invoice % is not the next number of its financial year (counter at %)', NEW.invoice_number, current;
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER invoices_number_from_counter BEFORE INSERT ON invoices
  FOR EACH ROW EXECUTE FUNCTION invoices_number_from_counter();
