-- Decision 193: passkeys (WebAuthn) for members, as a way to sign in without the password and as
-- a second factor at the code step.
CREATE TABLE passkeys (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- The authenticator's credential id (base64url). Unique across all accounts: one credential
  -- belongs to one account, so an assertion names exactly one owner.
  credential_id text NOT NULL UNIQUE,
  -- The COSE public key (base64url); a public key, so nothing to seal.
  public_key text NOT NULL,
  -- The authenticator's signature counter (0 for authenticators that keep none); an assertion
  -- must raise it, so a cloned authenticator or a replayed assertion is refused.
  counter bigint NOT NULL DEFAULT 0 CHECK (counter >= 0),
  transports text[] NOT NULL DEFAULT '{}',
  name text NOT NULL,
  backed_up boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz
);
CREATE INDEX passkeys_user ON passkeys (user_id);

-- Challenges we handed to a browser: each is good once (deleted when an answer names it) and
-- for a few minutes. `user_id` is set for adding a passkey and for the code step; `sign_in_challenge`
-- ties a code-step challenge to the sign-in it finishes.
CREATE TABLE webauthn_challenges (
  challenge text PRIMARY KEY,
  purpose text NOT NULL CHECK (purpose IN ('register', 'sign_in', 'second_factor')),
  user_id uuid REFERENCES users (id) ON DELETE CASCADE,
  sign_in_challenge bigint REFERENCES sign_in_challenges (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX webauthn_challenges_expiry ON webauthn_challenges (expires_at);
