-- Issue 32: the operators' post search as one lower-cased text in one trigram index, as the
-- contact search is (migration 050). Three ILIKEs per post (title, slug, description) made a
-- dense word's count read every post at about 3 µs each: 14 ms at 5,000 posts. One LIKE on one
-- expression costs a third of that, and a rare word is looked up through the index.
CREATE INDEX posts_operator_search_trgm_idx ON posts USING gin (
  lower(title || ' ' || slug || ' ' || description) gin_trgm_ops);
