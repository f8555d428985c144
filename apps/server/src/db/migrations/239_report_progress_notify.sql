-- A member's open progress streams (GET /reports/{id}/events) learn that their report moved from
-- these notifications instead of reading it every second (docs/decisions/241-report-progress-notify.md).
-- Triggers, not a pg_notify beside each write: a report's progress is written from many places
-- (the worker's stages and sections, failing, cancelling, retrying, the stuck-report sweeps, a
-- second server's worker), and a trigger cannot be forgotten by the next one. NOTIFY is sent when
-- the transaction commits, once per transaction and payload (a run's many sections in one
-- transaction are one message), and never for a rollback.
--
-- The payload is the report id and its owner, nothing of what the report says: every listener on
-- the database hears it, and a stream reads the report itself (as its owner) once woken.

CREATE FUNCTION notify_report_progress(report_id uuid, owner_id uuid) RETURNS void LANGUAGE sql AS $$
  SELECT pg_notify('assay_report_progress', json_build_object('id', report_id, 'owner', owner_id)::text);
$$;

CREATE FUNCTION notify_report_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM notify_report_progress(OLD.id, OLD.user_id);
  ELSE
    PERFORM notify_report_progress(NEW.id, NEW.user_id);
  END IF;
  RETURN NULL;
END
$$;

-- Only what a stream shows (report-view.ts): the lease's heartbeat (lease_until every few
-- seconds while a worker holds it), token counts and working notes (outline, evidence, review
-- findings) change nothing a member sees.
CREATE TRIGGER reports_progress AFTER UPDATE ON reports FOR EACH ROW
  WHEN ((OLD.status, OLD.stage, OLD.title, OLD.complexity, OLD.tokens_used, OLD.sections_total, OLD.pdf_key,
         OLD.content_preview, OLD.error_message, OLD.completed_at, OLD.record, OLD.record_confirmed,
         OLD.version, OLD.run_kind, OLD.cancelled_at)
        IS DISTINCT FROM
        (NEW.status, NEW.stage, NEW.title, NEW.complexity, NEW.tokens_used, NEW.sections_total, NEW.pdf_key,
         NEW.content_preview, NEW.error_message, NEW.completed_at, NEW.record, NEW.record_confirmed,
         NEW.version, NEW.run_kind, NEW.cancelled_at))
  EXECUTE FUNCTION notify_report_changed();
-- A deleted report ends its streams (they read it, find nothing, and close).
CREATE TRIGGER reports_deleted AFTER DELETE ON reports FOR EACH ROW EXECUTE FUNCTION notify_report_changed();

-- Sections written so far are the progress bar (sections_done counts these rows).
CREATE FUNCTION notify_report_section_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  rid uuid := CASE WHEN TG_OP = 'DELETE' THEN OLD.report_id ELSE NEW.report_id END;
  owner uuid;
BEGIN
  SELECT user_id INTO owner FROM reports WHERE id = rid;
  -- Gone with its report (a cascade): the report's own trigger told its streams.
  IF FOUND THEN
    PERFORM notify_report_progress(rid, owner);
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER report_sections_progress AFTER INSERT OR DELETE ON report_sections FOR EACH ROW
  EXECUTE FUNCTION notify_report_section_changed();
