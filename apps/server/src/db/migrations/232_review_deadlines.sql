-- Issue 28: an offer an expert does not accept in time lapses, a declined or lapsed request goes
-- back to the queue and is offered on or ends, and an accepted review past its due time is flagged
-- (docs/decisions/227-review-deadlines-and-reassignment.md).

-- 'unmatched': no expert took the request on (offers used up, nobody suitable, or its deadline
-- passed); its tokens were returned. 'system' resolved it: the deadlines sweep.
ALTER TABLE review_requests DROP CONSTRAINT review_requests_state_check;
ALTER TABLE review_requests ADD CONSTRAINT review_requests_state_check
  CHECK (state IN ('requested', 'assigned', 'accepted', 'delivered', 'declined', 'cancelled', 'unmatched'));
ALTER TABLE review_requests DROP CONSTRAINT review_requests_check;
ALTER TABLE review_requests ADD CONSTRAINT review_requests_expert_check
  CHECK (state IN ('requested', 'cancelled', 'unmatched') OR expert_id IS NOT NULL);
ALTER TABLE review_requests DROP CONSTRAINT review_requests_check1;
ALTER TABLE review_requests ADD CONSTRAINT review_requests_resolved_check
  CHECK ((state IN ('delivered', 'declined', 'cancelled', 'unmatched')) = (resolved_at IS NOT NULL));
ALTER TABLE review_requests DROP CONSTRAINT review_requests_resolved_by_check;
ALTER TABLE review_requests ADD CONSTRAINT review_requests_resolved_by_check
  CHECK (resolved_by IS NULL OR resolved_by IN ('member', 'operator', 'expert', 'system'));

ALTER TABLE review_requests
  -- By when the expert it is offered to must accept (set with each offer; the sweep lapses it after).
  ADD COLUMN offer_expires_at timestamptz,
  -- Why the request is back in the queue needing an expert: the last offer was declined or lapsed.
  ADD COLUMN needs_expert_reason text CHECK (needs_expert_reason IS NULL OR needs_expert_reason IN ('declined', 'timed_out')),
  ADD COLUMN returned_at timestamptz,
  -- Why the sweep ended it ('unmatched'): offers used up, nobody suitable left, its deadline passed.
  ADD COLUMN end_reason text CHECK (end_reason IS NULL OR end_reason IN ('offers_used', 'no_expert', 'deadline')),
  -- An accepted review past its due time, flagged to the operators once (no money moves).
  ADD COLUMN escalated_at timestamptz,
  ADD CONSTRAINT review_requests_offer_deadline_check CHECK (state <> 'assigned' OR offer_expires_at IS NOT NULL),
  ADD CONSTRAINT review_requests_unmatched_check CHECK ((state = 'unmatched') = (end_reason IS NOT NULL));

-- Offers already out when this runs get the default 48 hours from their offer.
UPDATE review_requests SET offer_expires_at = assigned_at + interval '48 hours' WHERE state = 'assigned';

-- Every offer of a request, so automatic matching never offers it again to an expert who declined
-- it or let it lapse, and so the number of offers made is counted, not remembered.
CREATE TABLE review_offers (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  request_id uuid NOT NULL REFERENCES review_requests (id) ON DELETE CASCADE,
  expert_id uuid NOT NULL REFERENCES experts (id) ON DELETE CASCADE,
  -- Who made it: an operator by hand, or the sweep's matching.
  offered_by text NOT NULL CHECK (offered_by IN ('operator', 'matching')),
  offered_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  outcome text CHECK (outcome IS NULL OR outcome IN ('accepted', 'declined', 'timed_out', 'withdrawn')),
  ended_at timestamptz,
  CHECK ((outcome IS NULL) = (ended_at IS NULL))
);
CREATE INDEX review_offers_request_idx ON review_offers (request_id, offered_at);
-- At most one offer of a request is waiting for its answer.
CREATE UNIQUE INDEX review_offers_open_key ON review_offers (request_id) WHERE outcome IS NULL;
CREATE INDEX review_offers_expert_idx ON review_offers (expert_id);

INSERT INTO review_offers (request_id, expert_id, offered_by, offered_at, expires_at, outcome, ended_at)
SELECT id, expert_id, 'operator', assigned_at, assigned_at + interval '48 hours',
       CASE state WHEN 'assigned' THEN NULL WHEN 'declined' THEN 'declined' WHEN 'cancelled' THEN 'withdrawn' ELSE 'accepted' END,
       CASE state WHEN 'assigned' THEN NULL WHEN 'declined' THEN resolved_at WHEN 'cancelled' THEN resolved_at ELSE coalesce(accepted_at, resolved_at, assigned_at) END
  FROM review_requests WHERE expert_id IS NOT NULL AND assigned_at IS NOT NULL;

-- What the sweep looks for: offers past their time, requests needing an expert, overdue reviews.
CREATE INDEX review_requests_offer_due_idx ON review_requests (offer_expires_at) WHERE state = 'assigned';
CREATE INDEX review_requests_due_idx ON review_requests (due_at) WHERE state IN ('requested', 'accepted');
