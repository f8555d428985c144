-- Decision 190: changing the e-mail address. A code goes to the new address; once it is changed,
-- the old address gets a notice with a "this wasn't me" link (key stored only as an HMAC) that
-- reverts the change and locks the account for a password reset, for 7 days.
ALTER TABLE email_codes DROP CONSTRAINT email_codes_purpose_check;
ALTER TABLE email_codes ADD CONSTRAINT email_codes_purpose_check
  CHECK (purpose IN ('verify_email', 'reset_password', 'delete_account', 'change_email'));

CREATE TABLE email_changes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  old_email text NOT NULL,
  new_email text NOT NULL CHECK (new_email = lower(new_email)),
  created_at timestamptz NOT NULL DEFAULT now(),
  changed_at timestamptz,
  revert_key_hash text UNIQUE,
  reverted_at timestamptz
);
CREATE INDEX email_changes_user ON email_changes (user_id, created_at DESC);
