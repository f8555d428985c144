-- The name readers see on the posts an operator writes (decision 208): never the username, which
-- is half of the operator's credentials and the key of its sign-in lock-out.
ALTER TABLE operators
  ADD COLUMN display_name text CHECK (display_name IS NULL OR char_length(btrim(display_name)) BETWEEN 2 AND 80);
