-- Blog posts and press releases, every slug a post has held, and de-duplicated views.

CREATE TABLE posts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  post_type text NOT NULL DEFAULT 'blog' CHECK (post_type IN ('blog', 'press_release')),
  slug text NOT NULL CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND char_length(slug) <= 120),
  title text NOT NULL CHECK (char_length(btrim(title)) BETWEEN 1 AND 200),
  description text NOT NULL CHECK (char_length(btrim(description)) BETWEEN 1 AND 1000),
  -- Sanitised HTML (the server cleans it before it is stored).
  content text NOT NULL CHECK (btrim(content) <> '' AND char_length(content) <= 200000),
  -- An absolute http(s) address or a path on this site; never javascript:, data: or //host.
  image_url text CHECK (
    image_url IS NULL OR (
      char_length(image_url) <= 2048
      AND image_url !~ '[[:space:][:cntrl:]]'
      AND (image_url ~* '^https?://[^/]+' OR (image_url ~ '^/' AND image_url !~ '^//' AND image_url !~ '^/\\'))
    )
  ),
  author_name text NOT NULL DEFAULT 'Admin' CHECK (char_length(btrim(author_name)) BETWEEN 1 AND 100),
  featured boolean NOT NULL DEFAULT false,
  status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'published')),
  -- Set on first publication and kept: a post once published keeps its date and its slug.
  published_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  view_count integer NOT NULL DEFAULT 0 CHECK (view_count >= 0),
  meta_title text CHECK (meta_title IS NULL OR char_length(meta_title) <= 200),
  meta_description text CHECK (meta_description IS NULL OR char_length(meta_description) <= 500),
  -- Full-text search over title (weight A), description (B) and the text of the content (C).
  search_vector tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('english', title), 'A')
    || setweight(to_tsvector('english', description), 'B')
    || setweight(to_tsvector('english',
         regexp_replace(regexp_replace(content, '<[^>]*>', ' ', 'g'), '&[#a-zA-Z0-9]+;', ' ', 'g')), 'C')
  ) STORED,
  CHECK (status <> 'published' OR published_at IS NOT NULL),
  UNIQUE (post_type, slug)
);
CREATE INDEX posts_published_idx ON posts (post_type, published_at DESC, created_at DESC) WHERE status = 'published';
CREATE INDEX posts_admin_idx ON posts (post_type, created_at DESC);
CREATE INDEX posts_search_idx ON posts USING gin (search_vector);

-- Every slug a post has held (its current one included), reserved for that post while it exists,
-- so an old link never starts pointing at a different post.
CREATE TABLE post_slugs (
  post_type text NOT NULL CHECK (post_type IN ('blog', 'press_release')),
  slug text NOT NULL,
  -- Deferred: a new post reserves its slug first, then is inserted, in one transaction.
  post_id uuid NOT NULL REFERENCES posts (id) ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (post_type, slug)
);
CREATE INDEX post_slugs_post_idx ON post_slugs (post_id);

-- The last counted view of a post by one visitor (a salted hash, rotated daily; no address is kept).
-- A new view counts only when the last one is more than an hour old.
CREATE TABLE post_views (
  post_id uuid NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
  visitor_hash text NOT NULL,
  viewed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (post_id, visitor_hash)
);
CREATE INDEX post_views_viewed_at_idx ON post_views (viewed_at);
