-- The ledger settings from the validated config (TOKEN_VALIDITY_DAYS, SIGNUP_BONUS_TOKENS),
-- written by each server at start, so code without the config at hand (the account activation
-- seam) uses the same values in every process. One row.
CREATE TABLE token_settings (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  validity_days integer NOT NULL CHECK (validity_days > 0),
  signup_bonus_tokens integer NOT NULL CHECK (signup_bonus_tokens >= 0),
  updated_at timestamptz NOT NULL DEFAULT now()
);
