-- Issue 27 §4: read-only links to one version of a report, for a named recipient. The token is
-- 256 random bits shown once to the owner; only its SHA-256 is stored, so the table cannot open a
-- report. A passcode is stored as a scrypt hash. Revoked or expired links answer 404. The
-- watermarked copy is rendered once, when the link is made (pdf_key), and deleted with the report.
CREATE TABLE report_share_links (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  report_id uuid NOT NULL REFERENCES reports (id) ON DELETE CASCADE,
  version integer NOT NULL,
  token_sha256 text NOT NULL UNIQUE CHECK (token_sha256 ~ '^[0-9a-f]{64}$'),
  label text NOT NULL CHECK (char_length(label) BETWEEN 1 AND 120),
  expires_at timestamptz,
  passcode_hash text,
  pdf_key text NOT NULL,
  views integer NOT NULL DEFAULT 0 CHECK (views >= 0),
  last_viewed_at timestamptz,
  revoked_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (report_id, version) REFERENCES report_versions (report_id, n) ON DELETE CASCADE
);
CREATE INDEX report_share_links_report_idx ON report_share_links (report_id, created_at DESC);
