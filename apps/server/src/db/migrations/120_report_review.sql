-- What the report engine's review found in a report's sections (kind, detail, and whether the
-- section was rewritten, corrected by rule, or left open), for operators. A resumed job replaces
-- the findings of the sections it wrote and keeps those of the sections an earlier attempt wrote.

ALTER TABLE reports ADD COLUMN review_findings jsonb;
