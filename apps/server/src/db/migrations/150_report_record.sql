-- The invention record a report is built on (issue 24): what the member confirmed, or what the
-- engine read from the idea when the spec's {idea, complexity} body came without one. Stored so a
-- resumed attempt builds on the same facts without asking the model to read the idea again, and so
-- the report's details can show what it was made from.
ALTER TABLE reports ADD COLUMN record jsonb;
