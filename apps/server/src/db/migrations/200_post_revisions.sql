-- Post revisions and optimistic concurrency (issue 30, decision 201).
-- `version` goes up by one on every save; a save names the version it started from and is refused
-- (409) when the post has moved on, so two operators never overwrite each other silently.
ALTER TABLE posts
  ADD COLUMN version integer NOT NULL DEFAULT 1 CHECK (version >= 1),
  ADD COLUMN updated_by text CHECK (updated_by IS NULL OR char_length(updated_by) BETWEEN 1 AND 100);

-- What a post looked like after each save: the last 20 are kept, and every published one.
CREATE TABLE post_revisions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  post_id uuid NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
  version integer NOT NULL CHECK (version >= 1),
  kind text NOT NULL CHECK (kind IN ('autosave', 'save', 'published')),
  title text NOT NULL,
  description text NOT NULL,
  content text NOT NULL,
  image_url text,
  author_name text NOT NULL,
  meta_title text,
  meta_description text,
  operator_id uuid REFERENCES operators (id) ON DELETE SET NULL,
  operator_name text NOT NULL CHECK (char_length(operator_name) BETWEEN 1 AND 100),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (post_id, version)
);
CREATE INDEX post_revisions_post_idx ON post_revisions (post_id, version DESC);
