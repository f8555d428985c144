-- Issue 28 items 4 and 5: one round of follow-up questions on a delivered review, what the
-- provider owes each expert per delivered review and its payouts, and a review bought with a
-- purchase named on that purchase's invoice with its own SAC line
-- (docs/decisions/234-review-follow-ups-earnings-and-invoice-line.md).

-- One round per review: the primary key is the "once" (two questions sent together insert one
-- row; the other meets the conflict). The member's questions never change; the expert's answers
-- are written once (NULL → set) and never after.
CREATE TABLE review_follow_ups (
  request_id uuid PRIMARY KEY REFERENCES review_requests (id) ON DELETE CASCADE,
  questions text[] NOT NULL CHECK (cardinality(questions) BETWEEN 1 AND 5),
  asked_at timestamptz NOT NULL DEFAULT now(),
  -- One answer per question, in their order.
  answers text[] CHECK (answers IS NULL OR cardinality(answers) = cardinality(questions)),
  answered_at timestamptz,
  CHECK ((answers IS NULL) = (answered_at IS NULL))
);
CREATE FUNCTION review_follow_ups_write_once() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.request_id IS DISTINCT FROM OLD.request_id OR NEW.questions IS DISTINCT FROM OLD.questions
     OR NEW.asked_at IS DISTINCT FROM OLD.asked_at OR OLD.answered_at IS NOT NULL THEN
    RAISE EXCEPTION 'follow-up of % is answered once and never edited', OLD.request_id;
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER review_follow_ups_write_once BEFORE UPDATE ON review_follow_ups
  FOR EACH ROW EXECUTE FUNCTION review_follow_ups_write_once();

-- A payout: the operator paid the expert everything owed up to the end of `through` (a UTC day).
-- (expert, through) is the idempotency key: recording the same payout again finds this row.
CREATE TABLE expert_payouts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  expert_id uuid NOT NULL REFERENCES experts (id) ON DELETE RESTRICT,
  through date NOT NULL,
  tokens integer NOT NULL CHECK (tokens > 0),
  reviews integer NOT NULL CHECK (reviews > 0),
  -- The bank transfer's reference, or whatever the operator paid with.
  reference text NOT NULL DEFAULT '' CHECK (char_length(reference) <= 200),
  paid_at timestamptz NOT NULL DEFAULT now(),
  paid_by uuid REFERENCES operators (id) ON DELETE SET NULL,
  paid_by_username text NOT NULL,
  UNIQUE (expert_id, through)
);

-- What the provider owes an expert for one delivered review: the expert's rate recorded on the
-- request when it was assigned (decision 230), accrued in the delivery's transaction. The request
-- id is the key, so a review accrues once; there is no foreign key to the request, because the
-- member may delete the report or the account afterwards and the debt to the expert stays.
CREATE TABLE expert_earnings (
  request_id uuid PRIMARY KEY,
  expert_id uuid NOT NULL REFERENCES experts (id) ON DELETE RESTRICT,
  complexity text NOT NULL CHECK (complexity IN ('basic', 'advanced', 'comprehensive')),
  tokens integer NOT NULL CHECK (tokens > 0),
  accrued_at timestamptz NOT NULL DEFAULT now(),
  payout_id uuid REFERENCES expert_payouts (id) ON DELETE RESTRICT
);
CREATE INDEX expert_earnings_expert_idx ON expert_earnings (expert_id, accrued_at);
CREATE INDEX expert_earnings_accrued_idx ON expert_earnings (accrued_at, request_id);
CREATE INDEX expert_earnings_unpaid_idx ON expert_earnings (expert_id, accrued_at) WHERE payout_id IS NULL;

-- Reviews delivered before this migration accrue as they would have, dated at their delivery.
INSERT INTO expert_earnings (request_id, expert_id, complexity, tokens, accrued_at)
SELECT q.id, q.expert_id, r.complexity, q.expert_rate, q.resolved_at
  FROM review_requests q JOIN reports r ON r.id = q.report_id
 WHERE q.state = 'delivered' AND q.expert_id IS NOT NULL AND q.expert_rate IS NOT NULL;

-- Kept as accrued: only the payout may be set, once; nothing is deleted.
CREATE FUNCTION expert_earnings_kept() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'expert earnings are kept; % cannot be deleted', OLD.request_id;
  END IF;
  IF (to_jsonb(NEW) - 'payout_id') IS DISTINCT FROM (to_jsonb(OLD) - 'payout_id') OR OLD.payout_id IS NOT NULL THEN
    RAISE EXCEPTION 'expert earning % cannot change once accrued (only paid, once)', OLD.request_id;
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER expert_earnings_kept BEFORE UPDATE OR DELETE ON expert_earnings
  FOR EACH ROW EXECUTE FUNCTION expert_earnings_kept();

CREATE FUNCTION expert_payouts_kept() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'expert payout % is a record of money paid; it cannot change', OLD.id;
END
$$;
CREATE TRIGGER expert_payouts_kept BEFORE UPDATE OR DELETE ON expert_payouts
  FOR EACH ROW EXECUTE FUNCTION expert_payouts_kept();

-- A token purchase made to pay for an expert review the balance was short of: the request the
-- member confirmed travels with the order and is opened when the payment is captured, in the
-- capture's transaction (once, as the capture is). `request_id` is set when it was opened,
-- `refusal` says why not (the tokens are then simply in the balance).
CREATE TABLE review_purchases (
  payment_id uuid PRIMARY KEY REFERENCES payments (id),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- No foreign key: the report may be deleted before the payment arrives (then no request).
  report_id uuid NOT NULL,
  sections text[] CHECK (sections IS NULL OR cardinality(sections) BETWEEN 1 AND 30),
  questions text NOT NULL DEFAULT '' CHECK (char_length(questions) <= 4000),
  created_at timestamptz NOT NULL DEFAULT now(),
  settled_at timestamptz,
  request_id uuid UNIQUE,
  refusal text CHECK (refusal IS NULL OR char_length(refusal) <= 500),
  CHECK (request_id IS NULL OR refusal IS NULL),
  CHECK ((settled_at IS NULL) = (request_id IS NULL AND refusal IS NULL))
);
CREATE INDEX review_purchases_user_idx ON review_purchases (user_id);

-- The review's own line on the purchase's invoice: the part of the purchase's tokens the review
-- took, its share of the taxable value (the rest stays on the token line), and its own SAC.
-- All four or none; the invoice's totals are unchanged (one tax, computed when the order opened).
ALTER TABLE invoices
  ADD COLUMN review_sac text CHECK (review_sac IS NULL OR review_sac ~ '^[0-9]{4,8}$'),
  ADD COLUMN review_description text,
  ADD COLUMN review_tokens integer CHECK (review_tokens IS NULL OR review_tokens > 0),
  ADD COLUMN review_taxable_minor integer,
  ADD CONSTRAINT invoices_review_line_check CHECK (
    (review_sac IS NULL AND review_description IS NULL AND review_tokens IS NULL AND review_taxable_minor IS NULL)
    OR (review_sac IS NOT NULL AND review_description IS NOT NULL AND review_tokens <= tokens
        AND review_taxable_minor BETWEEN 0 AND taxable_minor));
