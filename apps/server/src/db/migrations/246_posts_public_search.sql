-- Issue 32: the public blog search's substring half as one lower-cased text in one trigram index,
-- as the operators' search is (migration 243). Two ILIKEs OR-ed with the full-text condition made
-- the planner read every post of a dense word ("lice" in "licensing": 638 of 5,000 posts) and test
-- each one's search vector too: 18 ms. One LIKE on one expression is looked up through this index
-- beside the full-text one (3 ms). The two one-column indexes it replaces served nothing else.
CREATE INDEX posts_public_search_trgm_idx ON posts USING gin (lower(title || ' ' || description) gin_trgm_ops);
DROP INDEX posts_title_trgm_idx;
DROP INDEX posts_description_trgm_idx;
