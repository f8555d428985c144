-- Contested sign-ups (decision 050): passwords typed by later sign-ups for the same unverified
-- email that differ from the stored one. The code's owner picks hers when she verifies; if she
-- names none of them, none is kept and she sets one with a reset code.
ALTER TABLE users
  ADD COLUMN signup_password_hashes text[] NOT NULL DEFAULT '{}'
    CHECK (cardinality(signup_password_hashes) <= 5);
