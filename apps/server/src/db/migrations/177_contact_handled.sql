-- Contact submissions an operator has dealt with (docs/product.md §2): when, and by whom (the
-- username as it was, like the audit log, so it survives the operator's removal). Erasing a
-- submission deletes its row; the running count follows by the existing trigger.
ALTER TABLE contact_submissions
  ADD COLUMN handled_at timestamptz,
  ADD COLUMN handled_by text CHECK (handled_by IS NULL OR char_length(handled_by) BETWEEN 1 AND 100),
  ADD CONSTRAINT contact_submissions_handled_pair CHECK ((handled_at IS NULL) = (handled_by IS NULL));
