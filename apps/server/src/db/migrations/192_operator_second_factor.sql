-- Decision 191: operators' authenticator apps (ADMIN_REQUIRE_2FA), as members' (decision 190).
CREATE TABLE operator_totp_factors (
  operator_id uuid PRIMARY KEY REFERENCES operators (id) ON DELETE CASCADE,
  secret_sealed text NOT NULL,
  confirmed_at timestamptz,
  last_step bigint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);
