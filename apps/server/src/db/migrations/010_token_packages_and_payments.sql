-- Token packages for sale and the payment orders taken for them (docs/decisions/011-payments.md).
-- Money is integer minor units (cents, paise); every amount is stored beside its currency.

CREATE TABLE token_packages (
  id text PRIMARY KEY CHECK (id ~ '^[a-z0-9_]{1,64}$'),
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100),
  package_type text NOT NULL CHECK (package_type IN ('starter', 'pro', 'max', 'enterprise')),
  tokens integer NOT NULL CHECK (tokens > 0),
  -- The member-facing price is USD (docs/product.md §9); charges in another currency use token_package_prices.
  price_usd_cents integer NOT NULL CHECK (price_usd_cents > 0),
  original_price_usd_cents integer CHECK (original_price_usd_cents IS NULL OR original_price_usd_cents > 0),
  description text NOT NULL DEFAULT '',
  most_popular boolean NOT NULL DEFAULT false,
  active boolean NOT NULL DEFAULT true,
  sort_order integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);
-- At most one package carries the Most Popular flag.
CREATE UNIQUE INDEX token_packages_one_most_popular ON token_packages ((true)) WHERE most_popular;

-- Prices in charge currencies other than USD, entered by an operator: the code never converts.
CREATE TABLE token_package_prices (
  package_id text NOT NULL REFERENCES token_packages (id) ON DELETE CASCADE,
  currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$' AND currency <> 'USD'),
  amount_minor integer NOT NULL CHECK (amount_minor > 0),
  PRIMARY KEY (package_id, currency)
);

INSERT INTO token_packages
  (id, name, package_type, tokens, price_usd_cents, original_price_usd_cents, description, most_popular, sort_order)
VALUES
  ('starter', 'Starter', 'starter', 10000, 4900, NULL,
   'Enough for 4 Basic reports or 1 Comprehensive report.', false, 10),
  ('pro', 'Pro', 'pro', 30000, 12900, 14900,
   'Enough for 4 Advanced or 3 Comprehensive reports.', true, 20),
  ('max', 'Max', 'max', 100000, 34900, 44900,
   'Enough for 13 Advanced or 11 Comprehensive reports.', false, 30);

-- One row per order opened with the payment provider. The package's name, tokens and price
-- are copied at order time: the member gets what they saw, even if the package changes later.
CREATE TABLE payments (
  id uuid PRIMARY KEY,
  -- Financial records outlive accounts (kept 7 years): a deleted user leaves the row.
  user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  package_id text NOT NULL REFERENCES token_packages (id),
  package_name text NOT NULL,
  tokens integer NOT NULL CHECK (tokens > 0),
  price_minor integer NOT NULL CHECK (price_minor > 0),
  gst_minor integer NOT NULL CHECK (gst_minor >= 0),
  amount integer NOT NULL CHECK (amount = price_minor + gst_minor),
  currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  provider text NOT NULL CHECK (provider IN ('razorpay', 'sandbox')),
  receipt text NOT NULL CHECK (char_length(receipt) <= 40),
  status text NOT NULL DEFAULT 'created' CHECK (status IN ('created', 'paid', 'failed')),
  razorpay_order_id text NOT NULL,
  razorpay_payment_id text,
  created_at timestamptz NOT NULL DEFAULT now(),
  paid_at timestamptz,
  failed_at timestamptz,
  failure_reason text,
  CHECK ((status = 'paid') = (paid_at IS NOT NULL)),
  CHECK (status <> 'paid' OR razorpay_payment_id IS NOT NULL),
  CHECK (status <> 'failed' OR failed_at IS NOT NULL)
);
CREATE UNIQUE INDEX payments_razorpay_order_id_key ON payments (razorpay_order_id);
-- A provider payment pays one order, once.
CREATE UNIQUE INDEX payments_razorpay_payment_id_key ON payments (razorpay_payment_id)
  WHERE razorpay_payment_id IS NOT NULL;
CREATE INDEX payments_user_idx ON payments (user_id, created_at DESC);
CREATE INDEX payments_stale_idx ON payments (created_at) WHERE status = 'created';
