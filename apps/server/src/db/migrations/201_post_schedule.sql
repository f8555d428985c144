-- Scheduled publication (issue 30, decision 202): a draft with publish_at is published at that
-- time by a queued job (blog.publish-scheduled), on whichever worker takes it.
ALTER TABLE posts ADD COLUMN publish_at timestamptz;
ALTER TABLE posts ADD CONSTRAINT posts_publish_at_only_drafts CHECK (publish_at IS NULL OR status = 'draft');
CREATE INDEX posts_scheduled_idx ON posts (publish_at) WHERE publish_at IS NOT NULL;
