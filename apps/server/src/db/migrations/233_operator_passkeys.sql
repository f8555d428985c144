-- Decision 228: one passkey store for members and operators. A passkey belongs to exactly one
-- account — a member's or an operator's — so an operator's credential can never open a member's
-- session or the other way round. Challenges name whom they were issued to the same way.
ALTER TABLE passkeys ALTER COLUMN user_id DROP NOT NULL;
ALTER TABLE passkeys ADD COLUMN operator_id uuid REFERENCES operators (id) ON DELETE CASCADE;
ALTER TABLE passkeys ADD CONSTRAINT passkeys_one_owner CHECK ((user_id IS NULL) <> (operator_id IS NULL));
CREATE INDEX passkeys_operator ON passkeys (operator_id) WHERE operator_id IS NOT NULL;

ALTER TABLE webauthn_challenges ADD COLUMN operator_id uuid REFERENCES operators (id) ON DELETE CASCADE;
-- `reauth`: a member confirms herself with a passkey before changing her e-mail address.
-- `operator_register` / `operator_second_factor`: an operator's own ceremonies, never a member's.
ALTER TABLE webauthn_challenges DROP CONSTRAINT webauthn_challenges_purpose_check;
ALTER TABLE webauthn_challenges ADD CONSTRAINT webauthn_challenges_purpose_check
  CHECK (purpose IN ('register', 'sign_in', 'second_factor', 'reauth', 'operator_register', 'operator_second_factor'));
