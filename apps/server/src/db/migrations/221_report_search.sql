-- Issue 27 §3: a member searches all their reports (title, idea, the invention record's words),
-- not only the page on screen. The text searched is one immutable expression, indexed by trigrams
-- (pg_trgm, migration 050) so "contains" is answered through the index, as the operator searches
-- are (docs/decisions/180, 222). Sorting by title has its own index per member.
CREATE FUNCTION report_search_text(title text, idea text, record jsonb) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT lower(title || ' ' || idea || ' ' || coalesce(
    concat_ws(' ', record->>'name', record->>'summary', record->>'field', record->>'mechanism', record->>'problem',
              record->'features', record->'applications', record->'customers', record->'licensees', record->'advantages',
              record->'ip'->>'owner', record->'ip'->'numbers'), ''))
$$;
CREATE INDEX reports_search_trgm_idx ON reports USING gin (report_search_text(title, idea, record) gin_trgm_ops);
CREATE INDEX reports_user_title_idx ON reports (user_id, lower(title), id);
CREATE INDEX reports_user_complexity_idx ON reports (user_id, complexity, created_at DESC);
