-- The operators' Blog and Press tabs filtered by status (issue 30 item 4, decision 204): each
-- status's page, newest created first, and its total, read through an index at any number of posts.
CREATE INDEX posts_admin_status_idx ON posts (post_type, status, created_at DESC);
