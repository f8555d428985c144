-- Every page fast at a year's data (docs/decisions/070-scale.md): indexes that fit the lists'
-- orders and searches, and the operator statistics kept as counters while rows are written.

-- Substring search (LIKE '%…%') through trigram indexes.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- Keyset paging: each list's order, newest first, ties broken by id.
CREATE INDEX users_created_idx ON users (created_at DESC, id DESC);
CREATE INDEX payments_created_idx ON payments (created_at DESC, id DESC);

-- The operator panel's searches: members by name or email; purchases also by order or payment id.
CREATE INDEX users_name_trgm_idx ON users USING gin (lower(name) gin_trgm_ops);
CREATE INDEX users_email_trgm_idx ON users USING gin (email gin_trgm_ops);
CREATE INDEX payments_ids_trgm_idx ON payments USING gin (
  lower(razorpay_order_id || ' ' || coalesce(razorpay_payment_id, '') || ' ' || package_name) gin_trgm_ops);
CREATE INDEX contact_submissions_trgm_idx ON contact_submissions USING gin (
  (name || ' ' || email || ' ' || message) gin_trgm_ops);
-- The blog's half-typed words beside the full-text index.
CREATE INDEX posts_title_trgm_idx ON posts USING gin (title gin_trgm_ops);
CREATE INDEX posts_description_trgm_idx ON posts USING gin (description gin_trgm_ops);

-- Running totals, written in the same transaction as the rows they count, so they commit or
-- roll back with them. Each total is spread over eight slots, one per transaction (by its id),
-- so concurrent writers seldom wait on the same row; a total is the sum of its slots.
CREATE TABLE stat_counters (
  name text NOT NULL,
  slot smallint NOT NULL CHECK (slot BETWEEN 0 AND 7),
  value bigint NOT NULL,
  PRIMARY KEY (name, slot)
);

CREATE FUNCTION stat_add(counter text, delta bigint) RETURNS void LANGUAGE sql AS $$
  INSERT INTO stat_counters (name, slot, value) VALUES (counter, (txid_current() % 8)::smallint, delta)
  ON CONFLICT (name, slot) DO UPDATE SET value = stat_counters.value + EXCLUDED.value
$$;

-- Row counts, by statement triggers: one counter write per statement however many rows it
-- touches. TG_ARGV[0] names the counter. (A trigger with transition tables has one event.)
CREATE FUNCTION stat_count_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM stat_add(TG_ARGV[0], (SELECT count(*) FROM new_rows));
  ELSE
    PERFORM stat_add(TG_ARGV[0], -(SELECT count(*) FROM old_rows));
  END IF;
  RETURN NULL;
END
$$;

-- Each table's counter carries its name.
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['users', 'reports', 'payments', 'contact_submissions'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION stat_count_rows(%L)', t || '_stat_insert', t, t);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION stat_count_rows(%L)', t || '_stat_delete', t, t);
  END LOOP;
END
$$;

-- Paid orders and revenue per currency: what a statement's new rows add, less what its old
-- rows had (an update does both).
CREATE FUNCTION stat_paid_payments() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  d record;
BEGIN
  IF TG_OP <> 'DELETE' THEN
    FOR d IN SELECT currency, count(*) AS n, sum(amount) AS amount FROM new_rows
              WHERE status = 'paid' GROUP BY currency ORDER BY currency LOOP
      PERFORM stat_add('payments_paid', d.n);
      PERFORM stat_add('revenue:' || d.currency, d.amount);
    END LOOP;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    FOR d IN SELECT currency, count(*) AS n, sum(amount) AS amount FROM old_rows
              WHERE status = 'paid' GROUP BY currency ORDER BY currency LOOP
      PERFORM stat_add('payments_paid', -d.n);
      PERFORM stat_add('revenue:' || d.currency, -d.amount);
    END LOOP;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER payments_paid_insert AFTER INSERT ON payments REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION stat_paid_payments();
CREATE TRIGGER payments_paid_update AFTER UPDATE ON payments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION stat_paid_payments();
CREATE TRIGGER payments_paid_delete AFTER DELETE ON payments REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION stat_paid_payments();

-- Any change a crawler could see (not a view count) moves the posts' version, so cached
-- sitemaps and feeds know to rebuild.
CREATE FUNCTION stat_posts_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM stat_add('posts_version', 1);
  RETURN NULL;
END
$$;

CREATE TRIGGER posts_version AFTER INSERT OR DELETE
  OR UPDATE OF post_type, slug, title, description, author_name, status, published_at, updated_at ON posts
  FOR EACH STATEMENT EXECUTE FUNCTION stat_posts_changed();

-- Start from today's rows.
INSERT INTO stat_counters (name, slot, value)
SELECT name, 0, value FROM (
  SELECT 'users' AS name, count(*) AS value FROM users
  UNION ALL SELECT 'reports', count(*) FROM reports
  UNION ALL SELECT 'payments', count(*) FROM payments
  UNION ALL SELECT 'contact_submissions', count(*) FROM contact_submissions
  UNION ALL SELECT 'payments_paid', count(*) FROM payments WHERE status = 'paid'
  UNION ALL SELECT 'posts_version', 1
  UNION ALL SELECT 'revenue:' || currency, sum(amount) FROM payments WHERE status = 'paid' GROUP BY currency
) s;
