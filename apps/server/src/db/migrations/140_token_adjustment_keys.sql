-- An operator's token adjustment sent again with its Idempotency-Key is made once
-- (docs/decisions/138-token-adjustment-keys.md). The key is claimed in the adjustment's own
-- transaction, so a second request with it waits for the first and then answers what it did.
CREATE TABLE token_adjustment_keys (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  idempotency_key text NOT NULL CHECK (char_length(idempotency_key) BETWEEN 1 AND 200),
  amount integer NOT NULL CHECK (amount <> 0),
  reason text NOT NULL,
  -- The balance the first answer reported; set before the claim commits.
  available_after integer CHECK (available_after >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, idempotency_key)
);
