-- Accounts, email codes, sessions with rotating refresh tokens, and shared rate-limit counters.

CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL CHECK (char_length(name) BETWEEN 2 AND 100),
  email text NOT NULL CHECK (email = lower(email) AND position('@' in email) > 1),
  phone text CHECK (phone IS NULL OR char_length(phone) BETWEEN 10 AND 32),
  password_hash text,
  google_sub text,
  is_verified boolean NOT NULL DEFAULT false,
  reports_generated integer NOT NULL DEFAULT 0 CHECK (reports_generated >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  last_login timestamptz,
  -- A password account always has a hash; a Google account always has a subject.
  CHECK (password_hash IS NOT NULL OR google_sub IS NOT NULL)
);
CREATE UNIQUE INDEX users_email_key ON users (email);
CREATE UNIQUE INDEX users_google_sub_key ON users (google_sub) WHERE google_sub IS NOT NULL;

CREATE TABLE email_codes (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('verify_email', 'reset_password')),
  code_hash text NOT NULL,
  attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- One live code per purpose: a new code replaces the old one.
  PRIMARY KEY (user_id, purpose)
);

CREATE TABLE sessions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  remember boolean NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  revoked_reason text,
  user_agent text,
  ip text
);
CREATE INDEX sessions_user_idx ON sessions (user_id);

-- Every refresh token ever issued for a session (its family). A token works once.
CREATE TABLE refresh_tokens (
  token_hash text PRIMARY KEY,
  session_id uuid NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  used_at timestamptz
);
CREATE INDEX refresh_tokens_session_idx ON refresh_tokens (session_id);

-- Fixed-window counters shared by every server process.
CREATE TABLE rate_limits (
  key text PRIMARY KEY,
  window_start timestamptz NOT NULL,
  hits integer NOT NULL CHECK (hits >= 0)
);
