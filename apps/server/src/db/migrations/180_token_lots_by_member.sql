-- A member's lots, newest first (billing history, docs/decisions/180-bounded-lists-and-searches.md).
-- The only index that led with user_id was partial (live lots, for spending), so listing every
-- lot of one member read every lot of every member.
CREATE INDEX token_lots_user_idx ON token_lots (user_id, created_at DESC, id DESC);
