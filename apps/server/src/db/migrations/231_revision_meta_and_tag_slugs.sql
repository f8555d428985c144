-- Revisions keep the whole post the form edits, and a tag's former addresses redirect
-- (issue 30, decision 226).

-- What decision 206 added to a post (slug, publication date, authors, tags, the feature image's
-- alt and caption, canonical and social overrides), as the post had it at that version: one JSON
-- object, written by recordRevision from the saved row. NULL: a revision written before this
-- migration, which restores only its text and leaves the rest of the post as it is.
ALTER TABLE post_revisions
  ADD COLUMN meta jsonb CHECK (meta IS NULL OR jsonb_typeof(meta) = 'object');

-- Every address a tag has held before its current one, as post_slugs keeps a post's (decision 031):
-- /blog/tag/{old} and its feed answer 301 to the tag's address now, however many renames ago.
-- A tag that takes the slug afterwards wins: its row here is deleted in the same transaction.
CREATE TABLE tag_slugs (
  slug text PRIMARY KEY CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND length(slug) <= 80),
  tag_id uuid NOT NULL REFERENCES tags (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX tag_slugs_tag_idx ON tag_slugs (tag_id);

-- A former address answers for the tag on every server's public copies (decision 120).
CREATE TRIGGER tag_slugs_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON tag_slugs
  FOR EACH STATEMENT EXECUTE FUNCTION notify_content_changed('posts');
