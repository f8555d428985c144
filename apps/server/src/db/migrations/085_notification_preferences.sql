-- Notification mails (docs/decisions/133-notifications.md): the member's choices for the
-- optional ones, and the expiry reminders already sent, so each lot is reminded of once.

-- No row means the defaults: every optional notification on.
CREATE TABLE notification_preferences (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  report_ready boolean NOT NULL DEFAULT true,
  tokens_expiring boolean NOT NULL DEFAULT true,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- One reminder per lot and expiry date: an operator who extends a lot's expiry earns it a new one.
CREATE TABLE token_expiry_notices (
  lot_id uuid NOT NULL REFERENCES token_lots (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  notified_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (lot_id, expires_at)
);

-- The reminder sweep looks for lots entering their last week.
CREATE INDEX token_lots_expiry_idx ON token_lots (expires_at) WHERE remaining > 0;
