-- Model calls made outside a report (docs/decisions/150-invention-record-api.md): "What we
-- understood" reads a member's idea with one model call before any token is held, so no report
-- carries its cost. One row per call, successful or not, so an operator can see what reading
-- ideas costs (SELECT purpose, provider, model, count(*), sum(input_tokens), sum(output_tokens)
-- FROM llm_calls GROUP BY 1, 2, 3). Calls made while writing a report stay on the report
-- (reports.llm_input_tokens and llm_output_tokens, report_sections).
CREATE TABLE llm_calls (
  id bigserial PRIMARY KEY,
  purpose text NOT NULL CHECK (purpose IN ('understand')),
  -- The member who asked, while the account exists (the cost stays counted after a deletion).
  user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  provider text NOT NULL,
  model text NOT NULL,
  input_tokens integer NOT NULL DEFAULT 0 CHECK (input_tokens >= 0),
  output_tokens integer NOT NULL DEFAULT 0 CHECK (output_tokens >= 0),
  -- 'ok', or the model error's code (timeout, invalid_output, provider_unavailable…).
  outcome text NOT NULL CHECK (char_length(outcome) BETWEEN 1 AND 40),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX llm_calls_created_idx ON llm_calls (created_at);
CREATE INDEX llm_calls_user_idx ON llm_calls (user_id) WHERE user_id IS NOT NULL;
