-- Issue 27: a report is paid for more than once (a retry, an upgrade, a correction, a rewritten
-- section), each a hold of its own. A hold is now keyed by its report AND its charge (what it pays
-- for), and says in plain words what it paid for, so the token history reads
-- "Upgrade to Advanced" rather than a second "Spent on report …" (docs/decisions/220-report-runs-holds-and-versions.md).
ALTER TABLE token_holds
  ADD COLUMN charge text NOT NULL DEFAULT 'generate' CHECK (char_length(charge) BETWEEN 1 AND 100),
  ADD COLUMN purpose text CHECK (purpose IS NULL OR char_length(purpose) BETWEEN 1 AND 300);
DROP INDEX token_holds_report_key;
CREATE UNIQUE INDEX token_holds_report_charge_key ON token_holds (report_id, charge);

-- What the report's current run is doing (the first generation, a retry, an upgrade, …), so that
-- its completion names the new version and its failure or cancellation knows what to restore.
ALTER TABLE reports
  ADD COLUMN run_kind text NOT NULL DEFAULT 'generate'
    CHECK (run_kind IN ('generate', 'retry', 'upgrade', 'correct', 'section')),
  ADD COLUMN run_detail jsonb,
  ADD COLUMN cancelled_at timestamptz,
  -- The version the report shows now (0 until its first version is complete).
  ADD COLUMN version integer NOT NULL DEFAULT 0 CHECK (version >= 0);

-- Every completed generation is an immutable version: what changed, the tier, the record and the
-- sections it was built from, and its own PDF. Restoring one makes a new version (a copy), so the
-- history only grows. Deleting the report removes its versions (and the caller their files).
CREATE TABLE report_versions (
  report_id uuid NOT NULL REFERENCES reports (id) ON DELETE CASCADE,
  n integer NOT NULL CHECK (n > 0),
  kind text NOT NULL CHECK (kind IN ('generate', 'retry', 'upgrade', 'correct', 'section', 'restore')),
  change text NOT NULL CHECK (char_length(change) BETWEEN 1 AND 500),
  complexity text NOT NULL CHECK (complexity IN ('basic', 'advanced', 'comprehensive')),
  title text NOT NULL CHECK (char_length(title) BETWEEN 1 AND 300),
  record jsonb,
  outline jsonb,
  sections jsonb NOT NULL DEFAULT '{}'::jsonb,
  pdf_key text NOT NULL,
  content_preview text,
  tokens integer NOT NULL DEFAULT 0 CHECK (tokens >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (report_id, n)
);

CREATE FUNCTION report_versions_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'report version %/% is immutable', OLD.report_id, OLD.n;
END
$$;
CREATE TRIGGER report_versions_immutable BEFORE UPDATE ON report_versions
  FOR EACH ROW EXECUTE FUNCTION report_versions_immutable();

-- Reports completed before versions existed become their own version 1.
INSERT INTO report_versions (report_id, n, kind, change, complexity, title, record, outline, sections, pdf_key, content_preview, tokens, created_at)
SELECT r.id, 1, 'generate', 'First version', r.complexity, r.title, r.record, r.outline,
       COALESCE((SELECT jsonb_object_agg(s.key, s.content) FROM report_sections s WHERE s.report_id = r.id), '{}'::jsonb),
       r.pdf_key, r.content_preview, r.tokens_used, r.completed_at
  FROM reports r WHERE r.status = 'completed' AND r.pdf_key IS NOT NULL;
UPDATE reports SET version = 1 WHERE status = 'completed' AND pdf_key IS NOT NULL;
