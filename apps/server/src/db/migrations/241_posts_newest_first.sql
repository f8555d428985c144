-- Issue 32: the operators' post list across both types (and its searches) reads newest first;
-- the per-type index of migration 090 cannot give that order, so every page sorted all posts.
CREATE INDEX posts_created_idx ON posts (created_at DESC, id DESC);
