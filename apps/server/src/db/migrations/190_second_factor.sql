-- Decision 190: a second factor for members. One authenticator (TOTP) per account, its secret
-- encrypted with a key derived from the server secret; ten one-time recovery codes, stored as
-- HMACs; and the sign-in step between a right password and a session.
CREATE TABLE totp_factors (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  -- AES-256-GCM: iv.tag.ciphertext, base64url (lib/sealed.ts). Never the secret itself.
  secret_sealed text NOT NULL,
  -- NULL while the member has scanned the QR code but not yet typed a code from it.
  confirmed_at timestamptz,
  -- The last time step a code was accepted for: a code is good once (replay refused).
  last_step bigint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE recovery_codes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  used_at timestamptz,
  UNIQUE (user_id, code_hash)
);

-- A right password for an account with a second factor opens one of these, not a session.
CREATE TABLE sign_in_challenges (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  token_hash text NOT NULL UNIQUE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  remember boolean NOT NULL,
  ip text,
  user_agent text,
  attempts int NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sign_in_challenges_user ON sign_in_challenges (user_id);

-- Sessions: when each was last used (refresh), for the list in Profile → Security.
ALTER TABLE sessions ADD COLUMN last_active_at timestamptz;
