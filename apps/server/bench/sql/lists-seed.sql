-- A scratch database for bench/sql/lists.sh: 200,000 members, ~605,000 token lots (3 a member, one member with 5,000).
\timing off
DROP DATABASE IF EXISTS i32_bench;
CREATE DATABASE i32_bench;
\c i32_bench
CREATE TABLE users (id uuid PRIMARY KEY DEFAULT gen_random_uuid(), name text, created_at timestamptz NOT NULL);
INSERT INTO users (name, created_at) SELECT 'Member ' || g, now() - g * interval '1 minute' FROM generate_series(1, 200000) g;
CREATE INDEX users_created_idx ON users (created_at DESC, id DESC);
CREATE TABLE token_lots (id uuid PRIMARY KEY DEFAULT gen_random_uuid(), user_id uuid NOT NULL, kind text, source text, tokens int, remaining int,
  expires_at timestamptz, created_at timestamptz NOT NULL);
-- 3.5 lots per member on average, and one member with 5,000.
INSERT INTO token_lots (user_id, kind, source, tokens, remaining, expires_at, created_at)
  SELECT u.id, 'promo', 'adjustment', 10, (g % 2) * 10, now() + interval '30 days', now() - g * interval '1 hour'
    FROM users u CROSS JOIN generate_series(1, 3) g;
INSERT INTO token_lots (user_id, kind, source, tokens, remaining, expires_at, created_at)
  SELECT (SELECT id FROM users ORDER BY created_at DESC LIMIT 1), 'paid', 'purchase', 10, 0, now() - interval '1 day', now() - g * interval '1 hour'
    FROM generate_series(1, 5000) g;
CREATE INDEX token_lots_spend_idx ON token_lots (user_id, expires_at) WHERE remaining > 0;
VACUUM ANALYZE;
