-- Issue 28 §3 and §4: the expert's draft saved as they write, comments anchored to the report's
-- sections, and the reviewed PDF stored once at delivery
-- (docs/decisions/233-review-drafts-comments-and-reviewed-pdf.md).

-- The expert's review as it is being written: one per request, replaced whole on each save (the
-- last save wins). It exists only while the request is accepted by this expert: the trigger
-- below removes it when the request leaves 'accepted' (delivered, cancelled), in the same
-- transaction, so no transition has to remember it.
CREATE TABLE review_drafts (
  request_id uuid PRIMARY KEY REFERENCES review_requests (id) ON DELETE CASCADE,
  expert_id uuid NOT NULL REFERENCES experts (id) ON DELETE CASCADE,
  -- {verdicts, recommendation, reasons, answers, comments}; the API bounds each field, this the whole.
  content jsonb NOT NULL CHECK (jsonb_typeof(content) = 'object' AND octet_length(content::text) <= 1048576),
  -- How many times it was saved: each save adds one under the row's lock, so none is lost.
  revision integer NOT NULL DEFAULT 1 CHECK (revision > 0),
  saved_at timestamptz NOT NULL DEFAULT now()
);

CREATE FUNCTION review_drafts_end() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM review_drafts WHERE request_id = NEW.id;
  RETURN NULL;
END
$$;
CREATE TRIGGER review_drafts_end AFTER UPDATE OF state ON review_requests
  FOR EACH ROW WHEN (OLD.state = 'accepted' AND NEW.state IS DISTINCT FROM 'accepted')
  EXECUTE FUNCTION review_drafts_end();

-- The delivered review's comments, each on one section of the report (a key of the report's
-- tier, checked by the server), in the order the expert wrote them. Immutable like the review.
CREATE TABLE expert_review_comments (
  request_id uuid NOT NULL REFERENCES expert_reviews (request_id) ON DELETE CASCADE,
  n smallint NOT NULL CHECK (n BETWEEN 1 AND 100),
  section text NOT NULL CHECK (section ~ '^[a-z0-9_]{1,40}$'),
  body text NOT NULL CHECK (char_length(body) BETWEEN 1 AND 2000),
  PRIMARY KEY (request_id, n)
);
CREATE FUNCTION expert_review_comments_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'comment %/% of a delivered review is immutable', OLD.request_id, OLD.n;
END
$$;
CREATE TRIGGER expert_review_comments_immutable BEFORE UPDATE ON expert_review_comments
  FOR EACH ROW EXECUTE FUNCTION expert_review_comments_immutable();

-- The reviewed PDF: the report's version the expert reviewed (current at delivery), rendered with
-- the review as its own section and stored once. The row is written at delivery with no file;
-- the render job (or a first download, if it comes first) records the file, and a recorded file
-- never changes: it is a signed document.
CREATE TABLE reviewed_pdfs (
  request_id uuid PRIMARY KEY REFERENCES review_requests (id) ON DELETE CASCADE,
  report_version integer NOT NULL CHECK (report_version > 0),
  pdf_key text,
  byte_size integer CHECK (byte_size IS NULL OR byte_size > 0),
  sha256 text CHECK (sha256 IS NULL OR sha256 ~ '^[0-9a-f]{64}$'),
  stored_at timestamptz,
  CHECK ((pdf_key IS NULL) = (stored_at IS NULL) AND (pdf_key IS NULL) = (sha256 IS NULL) AND (pdf_key IS NULL) = (byte_size IS NULL))
);
CREATE FUNCTION reviewed_pdfs_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.pdf_key IS NOT NULL THEN
    RAISE EXCEPTION 'the reviewed PDF of % is stored and immutable', OLD.request_id;
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER reviewed_pdfs_immutable BEFORE UPDATE ON reviewed_pdfs
  FOR EACH ROW EXECUTE FUNCTION reviewed_pdfs_immutable();
