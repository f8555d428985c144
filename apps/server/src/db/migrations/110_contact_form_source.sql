-- Which form a contact message came from, so operators can tell an RTTP request from a general
-- enquiry. The RTTP form now sends the reason it asks for (stored in `reason`, which existed);
-- messages kept from before this are recorded as from the contact page
-- (docs/decisions/142-contact-forms-on-the-server.md).
ALTER TABLE contact_submissions
  ADD COLUMN form text NOT NULL DEFAULT 'contact' CHECK (form IN ('contact', 'rttp'));
