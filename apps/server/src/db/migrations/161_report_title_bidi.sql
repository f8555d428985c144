-- Issue 26: a right-to-left override in an idea reached report titles, which other screens,
-- file names and e-mails show. Titles are written by several code paths (the provisional title,
-- the outline's, the finished report's), so the column itself refuses bidi controls: marks,
-- embeddings, overrides and isolates are removed on every write.
CREATE FUNCTION reports_title_without_bidi() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.title := regexp_replace(NEW.title, '[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]', '', 'g');
  RETURN NEW;
END
$$;

CREATE TRIGGER reports_title_without_bidi
  BEFORE INSERT OR UPDATE OF title ON reports
  FOR EACH ROW EXECUTE FUNCTION reports_title_without_bidi();

UPDATE reports SET title = regexp_replace(title, '[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]', '', 'g')
 WHERE title ~ '[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]';
