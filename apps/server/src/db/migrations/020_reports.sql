-- Reports, their sections as they are written (so a killed worker resumes), and the link
-- to the token hold that pays for them.

CREATE TABLE reports (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  title text NOT NULL CHECK (char_length(title) BETWEEN 1 AND 300),
  idea text NOT NULL CHECK (char_length(idea) BETWEEN 50 AND 10000),
  complexity text NOT NULL CHECK (complexity IN ('basic', 'advanced', 'comprehensive')),
  status text NOT NULL DEFAULT 'processing' CHECK (status IN ('processing', 'completed', 'failed')),
  stage text NOT NULL DEFAULT 'queued' CHECK (stage IN ('queued', 'outline', 'sections', 'pdf', 'done', 'failed')),
  tokens_used integer NOT NULL CHECK (tokens_used > 0),
  hold_id uuid NOT NULL UNIQUE,
  sections_total integer NOT NULL CHECK (sections_total > 0),
  outline jsonb,
  pdf_key text,
  content_preview text,
  error_message text,
  idempotency_key text CHECK (idempotency_key IS NULL OR char_length(idempotency_key) BETWEEN 1 AND 200),
  provider text,
  model text,
  llm_input_tokens integer NOT NULL DEFAULT 0 CHECK (llm_input_tokens >= 0),
  llm_output_tokens integer NOT NULL DEFAULT 0 CHECK (llm_output_tokens >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz,
  -- A finished report has its file; a failed one says why.
  CHECK (status <> 'completed' OR (pdf_key IS NOT NULL AND completed_at IS NOT NULL)),
  CHECK (status <> 'failed' OR error_message IS NOT NULL)
);
CREATE INDEX reports_user_created_idx ON reports (user_id, created_at DESC);
CREATE INDEX reports_processing_idx ON reports (updated_at) WHERE status = 'processing';
CREATE UNIQUE INDEX reports_idempotency_key ON reports (user_id, idempotency_key) WHERE idempotency_key IS NOT NULL;

CREATE TABLE report_sections (
  report_id uuid NOT NULL REFERENCES reports (id) ON DELETE CASCADE,
  key text NOT NULL,
  content jsonb NOT NULL,
  input_tokens integer NOT NULL DEFAULT 0 CHECK (input_tokens >= 0),
  output_tokens integer NOT NULL DEFAULT 0 CHECK (output_tokens >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (report_id, key)
);
