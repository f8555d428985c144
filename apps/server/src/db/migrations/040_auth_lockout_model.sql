-- Lock-out model of decision 050.

-- Operator sign-in failures are counted in rate_limits now, like members': only failures count,
-- and a trusted browser has its own budget. The old counters go.
DROP TABLE operator_login_failures;

-- A fresh code does not kill the one sent just before it (it may be the one the owner is typing):
-- the previous code stays usable until its own expiry, sharing the row's tries.
ALTER TABLE email_codes
  ADD COLUMN previous_code_hash text,
  ADD COLUMN previous_expires_at timestamptz;
