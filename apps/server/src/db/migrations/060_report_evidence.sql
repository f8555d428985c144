-- What the prior-art and literature searches found for a report (the report engine's evidence
-- record: the searches sent, what each source answered, the documents kept). Saved before the
-- sections are written, so a resumed job or a re-render never searches again.

ALTER TABLE reports ADD COLUMN evidence jsonb;
