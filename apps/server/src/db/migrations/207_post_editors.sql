-- Who has a post open in the editor (issue 30, decision 207): one row per post and operator,
-- refreshed by the form's heartbeat; a row older than the TTL counts for nothing and is removed
-- by the next heartbeat on the post.
CREATE TABLE post_editors (
  post_id uuid NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
  operator_id uuid NOT NULL REFERENCES operators (id) ON DELETE CASCADE,
  seen_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (post_id, operator_id)
);
