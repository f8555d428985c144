-- The operator's post search matches title, slug and description (list-admin-posts.ts): the slug
-- gets the trigram index the other two have (migration 050), so no search reads every post.
CREATE INDEX IF NOT EXISTS posts_slug_trgm_idx ON posts USING gin (slug gin_trgm_ops);
