-- The token ledger (docs/decisions/010-token-ledger.md).
--
-- token_ledger is append-only and the source of truth: every token that enters or leaves an
-- account is one row. Tokens live in LOTS (one per grant or purchase, each with its own
-- expiry); token_lots.remaining is a projection of the ledger that only the ledger trigger may
-- change, so the balance can never drift from the entries and can never go below zero.

-- One row per user, created with the user: the lock that serialises every balance change.
CREATE TABLE token_accounts (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE FUNCTION token_accounts_create() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO token_accounts (user_id) VALUES (NEW.id) ON CONFLICT DO NOTHING;
  RETURN NEW;
END
$$;

CREATE TRIGGER users_token_account AFTER INSERT ON users
  FOR EACH ROW EXECUTE FUNCTION token_accounts_create();

INSERT INTO token_accounts (user_id) SELECT id FROM users ON CONFLICT DO NOTHING;

CREATE TABLE token_lots (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES token_accounts (user_id) ON DELETE CASCADE,
  -- Paid tokens were bought; promotional ones were given (signup bonus, goodwill).
  kind text NOT NULL CHECK (kind IN ('paid', 'promo')),
  source text NOT NULL CHECK (source IN ('purchase', 'signup_bonus', 'adjustment')),
  tokens integer NOT NULL CHECK (tokens > 0),
  remaining integer NOT NULL DEFAULT 0 CHECK (remaining >= 0 AND remaining <= tokens),
  expires_at timestamptz NOT NULL,
  payment_id uuid REFERENCES payments (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (source <> 'purchase' OR kind = 'paid'),
  CHECK (source <> 'signup_bonus' OR kind = 'promo'),
  CHECK ((source = 'purchase') = (payment_id IS NOT NULL))
);
-- One order is credited once.
CREATE UNIQUE INDEX token_lots_payment_key ON token_lots (payment_id) WHERE payment_id IS NOT NULL;
-- Debits walk a member's live lots by expiry.
CREATE INDEX token_lots_spend_idx ON token_lots (user_id, expires_at) WHERE remaining > 0;

-- Two-phase report charges: a hold takes tokens out of lots at once; it is then captured
-- (the report was delivered) or released (the tokens go back), exactly once.
CREATE TABLE token_holds (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES token_accounts (user_id) ON DELETE CASCADE,
  report_id text NOT NULL CHECK (char_length(report_id) BETWEEN 1 AND 100),
  amount integer NOT NULL CHECK (amount > 0),
  state text NOT NULL DEFAULT 'held' CHECK (state IN ('held', 'captured', 'released')),
  created_at timestamptz NOT NULL DEFAULT now(),
  resolved_at timestamptz,
  CHECK ((state = 'held') = (resolved_at IS NULL))
);
-- One charge per report, however often generation is retried.
CREATE UNIQUE INDEX token_holds_report_key ON token_holds (report_id);
CREATE INDEX token_holds_open_idx ON token_holds (user_id) WHERE state = 'held';

-- A resolved hold never changes again: capture after release (or the reverse) is impossible.
CREATE FUNCTION token_holds_resolve_once() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.state <> 'held' THEN
    RAISE EXCEPTION 'token hold % is already %', OLD.id, OLD.state;
  END IF;
  IF NEW.amount <> OLD.amount OR NEW.user_id <> OLD.user_id OR NEW.report_id <> OLD.report_id THEN
    RAISE EXCEPTION 'token hold % cannot change its amount, account or report', OLD.id;
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER token_holds_resolve_once BEFORE UPDATE ON token_holds
  FOR EACH ROW EXECUTE FUNCTION token_holds_resolve_once();

CREATE TABLE token_ledger (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES token_accounts (user_id) ON DELETE CASCADE,
  lot_id uuid NOT NULL REFERENCES token_lots (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN (
    'grant',          -- promotional credit (signup bonus)
    'purchase',       -- paid credit for a payment
    'hold',           -- report charge, taken at once
    'release',        -- a hold given back
    'expiry',         -- what was left in a lot when it expired
    'adjust_credit',  -- operator adjustment, in
    'adjust_debit'    -- operator adjustment, out
  )),
  amount integer NOT NULL,
  hold_id uuid REFERENCES token_holds (id) ON DELETE CASCADE,
  payment_id uuid REFERENCES payments (id),
  note text,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (CASE WHEN kind IN ('grant', 'purchase', 'release', 'adjust_credit') THEN amount > 0 ELSE amount < 0 END),
  CHECK ((kind IN ('hold', 'release')) = (hold_id IS NOT NULL)),
  CHECK ((kind = 'purchase') = (payment_id IS NOT NULL))
);
CREATE INDEX token_ledger_user_idx ON token_ledger (user_id, id);
CREATE INDEX token_ledger_lot_idx ON token_ledger (lot_id);
-- A lot is credited exactly once, by the entry that created it.
CREATE UNIQUE INDEX token_ledger_lot_credit_key ON token_ledger (lot_id)
  WHERE kind IN ('grant', 'purchase', 'adjust_credit');
CREATE UNIQUE INDEX token_ledger_payment_key ON token_ledger (payment_id) WHERE kind = 'purchase';
-- A hold takes from a lot once and gives back to it once.
CREATE UNIQUE INDEX token_ledger_hold_key ON token_ledger (hold_id, lot_id, kind) WHERE hold_id IS NOT NULL;

-- Appending an entry moves the lot's remaining tokens; the lot's CHECK refuses overdrafts.
CREATE FUNCTION token_ledger_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE token_lots SET remaining = remaining + NEW.amount
   WHERE id = NEW.lot_id AND user_id = NEW.user_id;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'ledger entry for lot % does not match account %', NEW.lot_id, NEW.user_id;
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER token_ledger_apply AFTER INSERT ON token_ledger
  FOR EACH ROW EXECUTE FUNCTION token_ledger_apply();

CREATE FUNCTION token_ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'token_ledger is append-only';
END
$$;

CREATE TRIGGER token_ledger_append_only BEFORE UPDATE ON token_ledger
  FOR EACH ROW EXECUTE FUNCTION token_ledger_append_only();

-- A lot starts empty and its remaining tokens change only through ledger entries.
-- Its expiry may change (an operator granting an extension request).
CREATE FUNCTION token_lots_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.remaining <> 0 THEN
      RAISE EXCEPTION 'a token lot starts empty; credit it with a ledger entry';
    END IF;
    RETURN NEW;
  END IF;
  IF NEW.remaining <> OLD.remaining AND pg_trigger_depth() < 2 THEN
    RAISE EXCEPTION 'token_lots.remaining changes only through token_ledger';
  END IF;
  IF NEW.tokens <> OLD.tokens OR NEW.user_id <> OLD.user_id OR NEW.kind <> OLD.kind
     OR NEW.source <> OLD.source OR NEW.payment_id IS DISTINCT FROM OLD.payment_id THEN
    RAISE EXCEPTION 'a token lot cannot change its size, owner or origin';
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER token_lots_guard BEFORE INSERT OR UPDATE ON token_lots
  FOR EACH ROW EXECUTE FUNCTION token_lots_guard();

-- The signup bonus: once per account, and once per email address ever, so deleting and
-- re-creating an account does not grant it again. Emails are kept only as SHA-256 digests.
CREATE TABLE signup_bonus_grants (
  user_id uuid PRIMARY KEY REFERENCES token_accounts (user_id) ON DELETE CASCADE,
  lot_id uuid NOT NULL UNIQUE REFERENCES token_lots (id) ON DELETE CASCADE,
  granted_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE signup_bonus_emails (
  email_sha256 text PRIMARY KEY CHECK (email_sha256 ~ '^[0-9a-f]{64}$'),
  granted_at timestamptz NOT NULL DEFAULT now()
);
