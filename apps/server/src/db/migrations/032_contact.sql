-- Messages sent through the contact forms (contact page and RTTP page).

CREATE TABLE contact_submissions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- The RTTP form sends no reason.
  reason text CHECK (reason IS NULL OR reason IN (
    'tech_scouting', 'ip_licensing', 'startup_formation', 'funding_strategy',
    'global_market_access', 'compliance_risks', 'custom_pricing', 'other')),
  name text NOT NULL CHECK (char_length(btrim(name)) BETWEEN 1 AND 100),
  phone text NOT NULL CHECK (char_length(btrim(phone)) BETWEEN 1 AND 32),
  email text NOT NULL CHECK (position('@' in email) > 1 AND char_length(email) <= 254),
  message text NOT NULL CHECK (char_length(btrim(message)) BETWEEN 1 AND 5000),
  submitted_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX contact_submissions_submitted_idx ON contact_submissions (submitted_at DESC, id DESC);
