-- The Activity tab reads the audit log newest first by id (keyset), filtered by operator or
-- action: one index for each, so a filtered page walks only its own entries.
CREATE INDEX operator_audit_log_operator_id_idx ON operator_audit_log (lower(operator_username), id DESC);
CREATE INDEX operator_audit_log_action_id_idx ON operator_audit_log (action, id DESC);
-- Superseded by the index above (the log is paged by id, no longer by time within an action).
DROP INDEX operator_audit_log_action_idx;
