-- Members delete their own accounts (docs/decisions/134-export-and-account-deletion.md).

-- The token ledger is a financial record: a deleted member's entries stay, with their sums, under
-- an account that is now a bare id (the users row, the person, is gone). The account outlives
-- its user; one that never held tokens goes with it, one that did is closed.
ALTER TABLE token_accounts DROP CONSTRAINT token_accounts_user_id_fkey;
ALTER TABLE token_accounts ADD COLUMN closed_at timestamptz;

CREATE FUNCTION users_close_token_account() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM token_accounts a WHERE a.user_id = OLD.id
     AND NOT EXISTS (SELECT 1 FROM token_lots l WHERE l.user_id = OLD.id)
     AND NOT EXISTS (SELECT 1 FROM token_holds h WHERE h.user_id = OLD.id);
  UPDATE token_accounts SET closed_at = coalesce(closed_at, now()) WHERE user_id = OLD.id;
  RETURN OLD;
END
$$;

CREATE TRIGGER users_close_token_account AFTER DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION users_close_token_account();

-- A closed account takes no new tokens.
CREATE FUNCTION token_lots_open_account() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM token_accounts WHERE user_id = NEW.user_id AND closed_at IS NOT NULL) THEN
    RAISE EXCEPTION 'token account % is closed', NEW.user_id;
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER token_lots_open_account BEFORE INSERT ON token_lots
  FOR EACH ROW EXECUTE FUNCTION token_lots_open_account();

-- A new ledger kind, 'forfeit': what was left in a lot when its member deleted the account (a
-- debit, so the existing sign rule already asks for a negative amount). The kind list is
-- extended as it stands rather than restated, so kinds other migrations add are kept.
DO $$
DECLARE
  def text;
BEGIN
  SELECT pg_get_constraintdef(oid) INTO def FROM pg_constraint
   WHERE conrelid = 'token_ledger'::regclass AND conname = 'token_ledger_kind_check';
  IF def IS NULL OR position('ARRAY[' in def) = 0 THEN
    RAISE EXCEPTION 'token_ledger_kind_check is not a list of kinds: %', def;
  END IF;
  EXECUTE 'ALTER TABLE token_ledger DROP CONSTRAINT token_ledger_kind_check, ADD CONSTRAINT token_ledger_kind_check '
    || replace(def, 'ARRAY[', 'ARRAY[''forfeit''::text, ');
END
$$;

-- The emailed code that confirms deleting an account with no password (Google sign-in).
ALTER TABLE email_codes DROP CONSTRAINT email_codes_purpose_check;
ALTER TABLE email_codes ADD CONSTRAINT email_codes_purpose_check
  CHECK (purpose IN ('verify_email', 'reset_password', 'delete_account'));
