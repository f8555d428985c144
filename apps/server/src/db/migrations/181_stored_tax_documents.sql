-- Invoices and credit notes are rendered once and kept (docs/decisions/181-heavy-work-off-the-event-loop.md).
-- One row per document: a render claims it (so concurrent first downloads, on one server or
-- several, render it once), then records where the PDF is and its digest. A stored row never
-- changes; account deletion removes the row with the PDF (it names the buyer), and the
-- anonymised document is rendered again on its next download.
CREATE TABLE tax_document_pdfs (
  document_number text PRIMARY KEY,
  invoice_number text UNIQUE REFERENCES invoices (invoice_number),
  credit_note_number text UNIQUE REFERENCES credit_notes (credit_note_number),
  claim uuid NOT NULL,
  claimed_at timestamptz NOT NULL DEFAULT now(),
  blob_key text UNIQUE,
  sha256 text CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  byte_size integer CHECK (byte_size > 0),
  stored_at timestamptz,
  CHECK (num_nonnulls(invoice_number, credit_note_number) = 1),
  CHECK (document_number = coalesce(invoice_number, credit_note_number)),
  -- Stored means all four are known; claimed means none is.
  CHECK (num_nonnulls(blob_key, sha256, byte_size, stored_at) IN (0, 4))
);

CREATE FUNCTION tax_document_pdf_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.stored_at IS NOT NULL THEN
    RAISE EXCEPTION 'the stored PDF of % cannot change', OLD.document_number;
  END IF;
  IF NEW.document_number <> OLD.document_number THEN
    RAISE EXCEPTION 'a claim cannot move to another document';
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER tax_document_pdfs_immutable BEFORE UPDATE ON tax_document_pdfs
  FOR EACH ROW EXECUTE FUNCTION tax_document_pdf_immutable();
