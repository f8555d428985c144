-- Decision 160: every code mailed is a row of its own with its own tries, and carries a long key
-- for the link in its mail. A resend no longer replaces the code the owner may be typing, and
-- strangers' wrong guesses spend only the tries of the codes they were checked against.
ALTER TABLE email_codes DROP CONSTRAINT email_codes_pkey;
ALTER TABLE email_codes ADD COLUMN id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY;
ALTER TABLE email_codes DROP COLUMN previous_code_hash, DROP COLUMN previous_expires_at;
-- HMAC of the random key in the mail's link (never the key itself); NULL for codes from before.
ALTER TABLE email_codes ADD COLUMN link_key_hash text;
CREATE INDEX email_codes_account ON email_codes (user_id, purpose, created_at DESC);
