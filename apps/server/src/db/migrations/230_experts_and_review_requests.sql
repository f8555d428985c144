-- Issue 28: certified technology-transfer experts review members' reports inside the product
-- (docs/decisions/230-experts-and-review-requests.md).
--
-- An expert is an account of its own, not a member with a flag: its own table, sessions and
-- sign-in, so no member or operator credential can ever name one, and the reverse.
CREATE TABLE experts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email text NOT NULL CHECK (char_length(email) BETWEEN 3 AND 254 AND email = lower(email)),
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 120),
  fields text[] NOT NULL DEFAULT '{}' CHECK (cardinality(fields) <= 20),
  languages text[] NOT NULL DEFAULT '{}' CHECK (cardinality(languages) <= 20),
  country text NOT NULL CHECK (country ~ '^[A-Z]{2}$'),
  -- Registered Technology Transfer Professional number, printed beside the expert's name.
  rttp_number text NOT NULL CHECK (char_length(rttp_number) BETWEEN 1 AND 60),
  -- What the expert is paid per review of a report of each tier, in tokens.
  rate_basic integer NOT NULL CHECK (rate_basic > 0),
  rate_advanced integer NOT NULL CHECK (rate_advanced > 0),
  rate_comprehensive integer NOT NULL CHECK (rate_comprehensive > 0),
  -- Reviews the expert takes at once (assigned or accepted, not yet delivered).
  capacity integer NOT NULL CHECK (capacity BETWEEN 1 AND 50),
  paused boolean NOT NULL DEFAULT false,
  -- NULL until the invitation is taken up (the expert sets a password).
  password_hash text,
  invite_token_sha256 text UNIQUE CHECK (invite_token_sha256 IS NULL OR invite_token_sha256 ~ '^[0-9a-f]{64}$'),
  invite_expires_at timestamptz,
  undertaking_accepted_at timestamptz,
  invited_by uuid REFERENCES operators (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((invite_token_sha256 IS NULL) = (invite_expires_at IS NULL))
);
CREATE UNIQUE INDEX experts_email_key ON experts (email);

-- An expert's sign-in: an opaque token in an httpOnly cookie scoped to /api/expert, kept hashed.
CREATE TABLE expert_sessions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  expert_id uuid NOT NULL REFERENCES experts (id) ON DELETE CASCADE,
  token_sha256 text NOT NULL UNIQUE CHECK (token_sha256 ~ '^[0-9a-f]{64}$'),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX expert_sessions_expert_idx ON expert_sessions (expert_id);

-- A member's request for a review of one report. Its tokens are held through the ledger's own
-- hold (token_holds, charge 'review:<id>'); the state machine below decides, under the row's lock,
-- which one transition resolves that hold, and the hold's conditional update is the second guard.
CREATE TABLE review_requests (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  report_id uuid NOT NULL REFERENCES reports (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- NULL: the whole report; otherwise the section keys chosen.
  sections text[] CHECK (sections IS NULL OR cardinality(sections) BETWEEN 1 AND 30),
  questions text NOT NULL DEFAULT '' CHECK (char_length(questions) <= 4000),
  price integer NOT NULL CHECK (price > 0),
  -- The ledger's hold (no foreign key: holds outlive what they paid for, decision 220).
  hold_id uuid NOT NULL UNIQUE,
  state text NOT NULL DEFAULT 'requested'
    CHECK (state IN ('requested', 'assigned', 'accepted', 'delivered', 'declined', 'cancelled')),
  expert_id uuid REFERENCES experts (id) ON DELETE RESTRICT,
  -- The expert's rate for this report's tier when assigned: what the provider owes them on delivery.
  expert_rate integer CHECK (expert_rate IS NULL OR expert_rate > 0),
  due_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  assigned_at timestamptz,
  accepted_at timestamptz,
  resolved_at timestamptz,
  resolved_by text CHECK (resolved_by IS NULL OR resolved_by IN ('member', 'operator', 'expert')),
  CHECK (state IN ('requested', 'cancelled') OR expert_id IS NOT NULL),
  CHECK ((state IN ('delivered', 'declined', 'cancelled')) = (resolved_at IS NOT NULL))
);
CREATE INDEX review_requests_user_idx ON review_requests (user_id, created_at DESC);
CREATE INDEX review_requests_report_idx ON review_requests (report_id);
CREATE INDEX review_requests_expert_idx ON review_requests (expert_id, state) WHERE expert_id IS NOT NULL;
CREATE INDEX review_requests_open_idx ON review_requests (created_at) WHERE state IN ('requested', 'assigned', 'accepted');

-- The delivered review: one per request, immutable once written.
CREATE TABLE expert_reviews (
  request_id uuid PRIMARY KEY REFERENCES review_requests (id) ON DELETE CASCADE,
  expert_id uuid NOT NULL REFERENCES experts (id) ON DELETE RESTRICT,
  -- {novelty, market, maturity, ip_route}: each {verdict, note}.
  verdicts jsonb NOT NULL,
  recommendation text NOT NULL CHECK (recommendation IN ('pursue', 'hold_for_data', 'do_not_pursue')),
  reasons text NOT NULL CHECK (char_length(reasons) BETWEEN 1 AND 8000),
  answers text NOT NULL DEFAULT '' CHECK (char_length(answers) <= 8000),
  delivered_at timestamptz NOT NULL DEFAULT now()
);
CREATE FUNCTION expert_reviews_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'expert review % is immutable', OLD.request_id;
END
$$;
CREATE TRIGGER expert_reviews_immutable BEFORE UPDATE ON expert_reviews
  FOR EACH ROW EXECUTE FUNCTION expert_reviews_immutable();
