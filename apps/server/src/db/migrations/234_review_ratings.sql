-- Issue 28 item 4: the member rates a delivered review once, 1 to 5 stars with an optional comment
-- (docs/decisions/232-review-ratings.md).
--
-- A table of its own keyed by the request, not columns on review_requests: the primary key is
-- what makes "once" hold under two clicks at once (the second insert conflicts), and a rating is
-- the member's words about the expert, written once and never edited (like expert_reviews).
CREATE TABLE review_ratings (
  request_id uuid PRIMARY KEY REFERENCES review_requests (id) ON DELETE CASCADE,
  stars smallint NOT NULL CHECK (stars BETWEEN 1 AND 5),
  comment text NOT NULL DEFAULT '' CHECK (char_length(comment) <= 1000),
  rated_at timestamptz NOT NULL DEFAULT now()
);
CREATE FUNCTION review_ratings_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'review rating % is immutable', OLD.request_id;
END
$$;
CREATE TRIGGER review_ratings_immutable BEFORE UPDATE ON review_ratings
  FOR EACH ROW EXECUTE FUNCTION review_ratings_immutable();
