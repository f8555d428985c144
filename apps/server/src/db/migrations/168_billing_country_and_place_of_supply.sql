-- The buyer's billing country and the place of supply of each order
-- (docs/decisions/168-billing-country-and-place-of-supply.md).

-- The member's billing country (ISO 3166-1 alpha-2) and, in India, the state: asked before the
-- first purchase. A state or a GSTIN on record already says India (facts the member gave);
-- "Outside India" ('96') said only that, so it becomes no country: the member is asked.
ALTER TABLE billing_profiles ADD COLUMN country text;
-- A GSTIN names its state (the place of supply the invoices already used).
UPDATE billing_profiles SET state_code = NULL WHERE state_code = '96';
UPDATE billing_profiles SET country = 'IN', state_code = COALESCE(left(gstin, 2), state_code)
 WHERE state_code IS NOT NULL OR gstin IS NOT NULL;
ALTER TABLE billing_profiles
  ADD CONSTRAINT billing_profiles_country_format CHECK (country IS NULL OR country ~ '^[A-Z]{2}$'),
  -- India needs its state (the place of supply); a state or a GSTIN outside India means nothing.
  ADD CONSTRAINT billing_profiles_state_in_india CHECK (
    CASE WHEN country = 'IN' THEN state_code IS NOT NULL AND state_code <> '96'
         ELSE state_code IS NULL AND gstin IS NULL END),
  ADD CONSTRAINT billing_profiles_gstin_state CHECK (gstin IS NULL OR left(gstin, 2) = state_code);

-- Each order records where it is supplied, when it is opened: a GST state code, '96' outside
-- India (the GST code for a foreign place), the buyer's country, and the LUT an export was
-- zero-rated under. The tax (gst_minor) was computed from them and never changes.
ALTER TABLE payments
  ADD COLUMN place_of_supply text CHECK (place_of_supply IS NULL OR place_of_supply ~ '^[0-9]{2}$'),
  ADD COLUMN buyer_country text CHECK (buyer_country IS NULL OR buyer_country ~ '^[A-Z]{2}$'),
  ADD COLUMN lut_number text CHECK (lut_number IS NULL OR char_length(lut_number) BETWEEN 1 AND 50);
-- Orders opened before this migration were taxed as Indian supplies: their invoices say where.
UPDATE payments p SET place_of_supply = i.place_of_supply, buyer_country = 'IN'
  FROM invoices i WHERE i.payment_id = p.id;
ALTER TABLE payments
  ADD CONSTRAINT payments_place_of_supply_country CHECK (
    place_of_supply IS NULL OR buyer_country IS NULL OR (place_of_supply = '96') = (buyer_country <> 'IN')),
  -- An LUT only zero-rates an export; an export under an LUT carries no GST.
  ADD CONSTRAINT payments_lut_export CHECK (lut_number IS NULL OR (place_of_supply = '96' AND gst_minor = 0)),
  -- Zero GST only for an export under an LUT (new orders; older rows have no place recorded).
  ADD CONSTRAINT payments_zero_gst_needs_lut CHECK (place_of_supply IS NULL OR gst_minor > 0 OR lut_number IS NOT NULL);

-- A new order must say where it is supplied (rows from before keep NULL: updating them stays possible).
CREATE FUNCTION payments_place_of_supply_required() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.place_of_supply IS NULL OR NEW.buyer_country IS NULL THEN
    RAISE EXCEPTION 'a new order needs its place of supply and the buyer''s country' USING ERRCODE = '23514';
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER payments_place_of_supply_required BEFORE INSERT ON payments
  FOR EACH ROW EXECUTE FUNCTION payments_place_of_supply_required();

-- The invoice copies the country and the LUT (its PDF is rebuilt from the row alone).
ALTER TABLE invoices
  ADD COLUMN buyer_country text CHECK (buyer_country IS NULL OR buyer_country ~ '^[A-Z]{2}$'),
  ADD COLUMN lut_number text,
  ADD CONSTRAINT invoices_lut_zero_rated CHECK (
    lut_number IS NULL OR (place_of_supply = '96' AND cgst_minor = 0 AND sgst_minor = 0 AND igst_minor = 0));
