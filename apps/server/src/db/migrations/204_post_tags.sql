-- Tags (issue 30, decision 204): operators name them, assign several to a post, and each has a
-- public page at /blog/tag/{slug} with its own feed.
CREATE TABLE tags (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
  -- Transliterated from the name when created; kept on a rename (links to the page keep working).
  slug text NOT NULL CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND length(slug) <= 80),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX tags_slug_key ON tags (slug);
-- "Patents" and "patents" are one tag.
CREATE UNIQUE INDEX tags_name_key ON tags (lower(name));

CREATE TABLE post_tags (
  post_id uuid NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
  tag_id uuid NOT NULL REFERENCES tags (id) ON DELETE CASCADE,
  PRIMARY KEY (post_id, tag_id)
);
-- A tag's posts (its public page, its feed, the operators' tag filter).
CREATE INDEX post_tags_tag_idx ON post_tags (tag_id, post_id);

-- Public copies (lists, post pages, tag pages, feeds, sitemap) show tags: a change drops them
-- on every server, as for posts (decision 120).
CREATE TRIGGER tags_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON tags
  FOR EACH STATEMENT EXECUTE FUNCTION notify_content_changed('posts');
CREATE TRIGGER post_tags_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON post_tags
  FOR EACH STATEMENT EXECUTE FUNCTION notify_content_changed('posts');
