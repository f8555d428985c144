-- A report being generated is leased to one worker attempt at a time (docs/decisions/058):
-- the attempt renews lease_until while it works; a lease left to expire means its worker
-- died, and another worker resumes the report from its saved sections.

ALTER TABLE reports
  ADD COLUMN lease_owner uuid,
  ADD COLUMN lease_until timestamptz,
  ADD COLUMN attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  ADD CONSTRAINT reports_lease_pair CHECK ((lease_owner IS NULL) = (lease_until IS NULL));

CREATE INDEX reports_lease_until_idx ON reports (lease_until) WHERE status = 'processing';
