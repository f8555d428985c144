-- Provider webhooks, kept so each event is handled once, and the local sandbox provider's
-- own orders and payments (it plays Razorpay's part when no keys are configured).

CREATE TABLE payment_webhook_events (
  event_id text PRIMARY KEY CHECK (char_length(event_id) BETWEEN 1 AND 200),
  event text NOT NULL,
  payload jsonb NOT NULL,
  -- pending: stored, not handled yet (or its order was not known yet); processed: credited or
  -- already credited; ignored: an event we do not act on; rejected: failed a check.
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'processed', 'ignored', 'rejected')),
  detail text,
  attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  received_at timestamptz NOT NULL DEFAULT now(),
  processed_at timestamptz,
  CHECK ((status = 'pending') = (processed_at IS NULL))
);
CREATE INDEX payment_webhook_events_pending_idx ON payment_webhook_events (received_at) WHERE status = 'pending';

CREATE TABLE payment_sandbox_orders (
  id text PRIMARY KEY CHECK (id LIKE 'order_sbx_%'),
  amount integer NOT NULL CHECK (amount > 0),
  currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  receipt text NOT NULL,
  notes jsonb NOT NULL DEFAULT '{}',
  status text NOT NULL DEFAULT 'created' CHECK (status IN ('created', 'attempted', 'paid')),
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE payment_sandbox_payments (
  id text PRIMARY KEY CHECK (id LIKE 'pay_sbx_%'),
  order_id text NOT NULL REFERENCES payment_sandbox_orders (id),
  amount integer NOT NULL CHECK (amount > 0),
  currency text NOT NULL,
  status text NOT NULL CHECK (status IN ('captured', 'failed')),
  created_at timestamptz NOT NULL DEFAULT now()
);
-- An order is paid at most once, as with Razorpay's orders.
CREATE UNIQUE INDEX payment_sandbox_payments_captured_key ON payment_sandbox_payments (order_id)
  WHERE status = 'captured';
CREATE INDEX payment_sandbox_payments_order_idx ON payment_sandbox_payments (order_id);
