-- Issue 32: a member's report search checks each row its index finds by the text it was indexed
-- by. Rebuilt from the title, idea and record on every check, that was half the search (5 of 9 ms
-- for the heavy member's 1,026 matches at 400,000 reports); stored with the row it is read as it
-- is (1 ms). The expression is migration 221's, so what a search finds does not change.
ALTER TABLE reports ADD COLUMN search_text text GENERATED ALWAYS AS (report_search_text(title, idea, record)) STORED;
CREATE INDEX reports_user_search_text_trgm_idx ON reports USING gin (user_id, search_text gin_trgm_ops);
DROP INDEX reports_user_search_trgm_idx;
