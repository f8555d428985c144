-- A member's data export, built by a background job into the blob store and fetched by a mailed
-- link (docs/decisions/181-heavy-work-off-the-event-loop.md). The link's key is an HMAC of the
-- id, so it is stored nowhere. Rows go with the account; a sweep deletes expired files and rows.
CREATE TABLE account_exports (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  status text NOT NULL DEFAULT 'preparing' CHECK (status IN ('preparing', 'ready', 'failed')),
  blob_key text UNIQUE,
  byte_size bigint CHECK (byte_size > 0),
  file_name text,
  requested_at timestamptz NOT NULL DEFAULT now(),
  ready_at timestamptz,
  expires_at timestamptz NOT NULL,
  CHECK ((status = 'ready') = (blob_key IS NOT NULL AND byte_size IS NOT NULL AND ready_at IS NOT NULL AND file_name IS NOT NULL)),
  CHECK (expires_at > requested_at)
);
CREATE INDEX account_exports_user_idx ON account_exports (user_id, requested_at DESC);
CREATE INDEX account_exports_expiry_idx ON account_exports (expires_at);
-- At most one export in preparation per member: asking again while one is built answers that one.
CREATE UNIQUE INDEX account_exports_one_preparing ON account_exports (user_id) WHERE status = 'preparing';
