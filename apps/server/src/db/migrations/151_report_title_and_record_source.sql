-- Issue 24: whose record and whose title a report has.
-- record_confirmed: the member confirmed (and perhaps edited) the invention record before paying;
-- false when the worker read it from the idea (the spec's bare {idea, complexity} body).
-- title_renamed_at: when the member last renamed the report; once set, the worker no longer
-- replaces the title with the one the engine gives, so a rename made while the report is being
-- written is kept (and the PDF downloads under it).
ALTER TABLE reports
  ADD COLUMN record_confirmed boolean NOT NULL DEFAULT false,
  ADD COLUMN title_renamed_at timestamptz;
