-- Decision 235 (issue 28 §1): experts' two-factor sign-in, and Join-as-Expert applications.
--
-- Experts' authenticator apps, recovery codes and sign-in challenges have the members' shapes
-- (migration 190) in tables of their own: an expert is no member (decision 230), so none of these
-- rows can ever be read as another role's.
CREATE TABLE expert_totp_factors (
  expert_id uuid PRIMARY KEY REFERENCES experts (id) ON DELETE CASCADE,
  -- AES-256-GCM: iv.tag.ciphertext, base64url (lib/sealed.ts). Never the secret itself.
  secret_sealed text NOT NULL,
  -- NULL while the expert has scanned the QR code but not yet typed a code from it.
  confirmed_at timestamptz,
  -- The last time step a code was accepted for: a code is good once (replay refused).
  last_step bigint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE expert_recovery_codes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  expert_id uuid NOT NULL REFERENCES experts (id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  used_at timestamptz,
  UNIQUE (expert_id, code_hash)
);

-- A right password for an expert with an app opens one of these, not a session.
CREATE TABLE expert_sign_in_challenges (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  token_hash text NOT NULL UNIQUE,
  expert_id uuid NOT NULL REFERENCES experts (id) ON DELETE CASCADE,
  attempts int NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX expert_sign_in_challenges_expert ON expert_sign_in_challenges (expert_id);

-- Someone asks to join the expert network from the public form. An operator invites them (the
-- expert row it made is linked) or declines; either way the applicant is mailed.
CREATE TABLE expert_applications (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 120),
  email text NOT NULL CHECK (char_length(email) BETWEEN 3 AND 254 AND email = lower(email)),
  -- Invention field ids (INVENTION_FIELDS), the ones matching reads.
  fields text[] NOT NULL CHECK (cardinality(fields) BETWEEN 1 AND 20),
  languages text[] NOT NULL CHECK (cardinality(languages) BETWEEN 1 AND 10),
  country text NOT NULL CHECK (country ~ '^[A-Z]{2}$'),
  rttp_number text NOT NULL CHECK (char_length(rttp_number) BETWEEN 1 AND 60),
  statement text NOT NULL CHECK (char_length(statement) BETWEEN 1 AND 2000),
  state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'invited', 'declined')),
  expert_id uuid REFERENCES experts (id) ON DELETE SET NULL,
  decided_by uuid REFERENCES operators (id) ON DELETE SET NULL,
  decided_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((state = 'pending') = (decided_at IS NULL)),
  CHECK (state <> 'declined' OR expert_id IS NULL)
);
-- One open application per address: a repeat while it waits changes nothing.
CREATE UNIQUE INDEX expert_applications_pending_email ON expert_applications (email) WHERE state = 'pending';
CREATE INDEX expert_applications_created ON expert_applications (created_at DESC, id);
