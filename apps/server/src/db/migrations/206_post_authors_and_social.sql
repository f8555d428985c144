-- Named authors, the feature image's alt text and caption, and the canonical and social-card
-- overrides of a post (issue 30, decision 206).

-- A post's authors, chosen from the operator accounts, in the order they are named.
CREATE TABLE post_authors (
  post_id uuid NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
  operator_id uuid NOT NULL REFERENCES operators (id) ON DELETE CASCADE,
  position smallint NOT NULL CHECK (position BETWEEN 0 AND 19),
  PRIMARY KEY (post_id, operator_id),
  UNIQUE (post_id, position)
);
CREATE INDEX post_authors_operator_idx ON post_authors (operator_id);

ALTER TABLE posts
  ADD COLUMN image_alt text CHECK (image_alt IS NULL OR char_length(image_alt) <= 300),
  ADD COLUMN image_caption text CHECK (image_caption IS NULL OR char_length(image_caption) <= 500),
  -- The picture says nothing the text does not (alt="" on purpose).
  ADD COLUMN image_decorative boolean NOT NULL DEFAULT false,
  -- An absolute https address; the page's own address when null.
  ADD COLUMN canonical_url text CHECK (canonical_url IS NULL OR (char_length(canonical_url) <= 2048 AND canonical_url ~* '^https://[^/]+')),
  ADD COLUMN og_title text CHECK (og_title IS NULL OR char_length(og_title) <= 200),
  ADD COLUMN og_description text CHECK (og_description IS NULL OR char_length(og_description) <= 500),
  ADD COLUMN og_image_url text CHECK (
    og_image_url IS NULL OR (char_length(og_image_url) <= 2048 AND og_image_url !~ '[[:space:][:cntrl:]]'
      AND (og_image_url ~* '^https?://[^/]+' OR (og_image_url ~ '^/' AND og_image_url !~ '^//' AND og_image_url !~ '^/\\')))
  ),
  ADD COLUMN twitter_title text CHECK (twitter_title IS NULL OR char_length(twitter_title) <= 200),
  ADD COLUMN twitter_description text CHECK (twitter_description IS NULL OR char_length(twitter_description) <= 500),
  ADD COLUMN twitter_image_url text CHECK (
    twitter_image_url IS NULL OR (char_length(twitter_image_url) <= 2048 AND twitter_image_url !~ '[[:space:][:cntrl:]]'
      AND (twitter_image_url ~* '^https?://[^/]+' OR (twitter_image_url ~ '^/' AND twitter_image_url !~ '^//' AND twitter_image_url !~ '^/\\')))
  );
