-- Operator accounts (admin panel), their failed sign-in counters and the audit log.

CREATE TABLE operators (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  username text NOT NULL CHECK (char_length(username) BETWEEN 1 AND 100),
  password_hash text NOT NULL CHECK (password_hash <> ''),
  created_at timestamptz NOT NULL DEFAULT now(),
  last_login_at timestamptz
);
-- Usernames are matched case-insensitively.
CREATE UNIQUE INDEX operators_username_key ON operators (lower(username));

-- Failed basic-auth attempts per username ('user:<name>') and per client address ('ip:<addr>').
-- Counted in a window; at the threshold the key is locked until locked_until.
CREATE TABLE operator_login_failures (
  key text PRIMARY KEY,
  failures integer NOT NULL CHECK (failures >= 0),
  window_start timestamptz NOT NULL,
  locked_until timestamptz
);

-- Every operator mutation, who did it and to what. Kept when the operator is removed.
CREATE TABLE operator_audit_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  operator_id uuid REFERENCES operators (id) ON DELETE SET NULL,
  operator_username text NOT NULL,
  action text NOT NULL CHECK (action <> ''),
  target text,
  details jsonb NOT NULL DEFAULT '{}'::jsonb,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX operator_audit_log_at_idx ON operator_audit_log (at DESC, id DESC);
CREATE INDEX operator_audit_log_action_idx ON operator_audit_log (action, at DESC);
