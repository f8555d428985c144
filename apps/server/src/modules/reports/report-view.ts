import {
  endpointPath,
  inventionRecord,
  reportsEndpoints,
  type Complexity,
  type InventionRecord,
  type Report,
  type ReportStage,
  type ReportStatus,
  type RunKind,
} from '@assay/shared';

export interface ReportRow {
  id: string;
  user_id: string;
  title: string;
  idea: string;
  complexity: Complexity;
  status: ReportStatus;
  stage: ReportStage;
  tokens_used: number;
  hold_id: string;
  sections_total: number;
  sections_done: number;
  pdf_key: string | null;
  content_preview: string | null;
  error_message: string | null;
  created_at: Date;
  completed_at: Date | null;
  record: unknown;
  record_confirmed: boolean;
  version: number;
  run_kind: RunKind;
  cancelled_at: Date | null;
}

/** Selects a report with its progress (sections written so far). */
export const REPORT_COLUMNS = `r.id, r.user_id, r.title, r.idea, r.complexity, r.status, r.stage, r.tokens_used, r.hold_id,
         r.sections_total, r.pdf_key, r.content_preview, r.error_message, r.created_at, r.completed_at,
         r.record, r.record_confirmed, r.version, r.run_kind, r.cancelled_at,
         (SELECT count(*)::int FROM report_sections s WHERE s.report_id = r.id) AS sections_done`;
export const REPORT_SELECT = `
  SELECT ${REPORT_COLUMNS}
    FROM reports r`;

export function toReportView(r: ReportRow): Report {
  return {
    id: r.id,
    title: r.title,
    idea: r.idea,
    complexity: r.complexity,
    status: r.status,
    created_at: r.created_at.toISOString(),
    completed_at: r.completed_at?.toISOString() ?? null,
    tokens_used: r.tokens_used,
    pdf_url: r.status === 'completed' && r.pdf_key ? endpointPath(reportsEndpoints.download, { id: r.id }) : null,
    content_preview: r.content_preview,
    error_message: r.error_message,
    // A failed report's hold went back; so did a failed or cancelled change's (the report kept its version).
    tokens_returned: r.status === 'failed' || (r.status === 'completed' && r.error_message !== null),
    progress: {
      stage: r.stage,
      sections_done: Math.min(r.sections_done, r.sections_total),
      sections_total: r.sections_total,
    },
    record: storedRecord(r.record) ?? null,
    record_confirmed: r.record_confirmed,
    version: r.version,
    run_kind: r.run_kind,
    cancelled: r.cancelled_at !== null,
  };
}

/**
 * A stored record read back through the contract: one that no longer fits it (an older shape)
 * is treated as absent, never answered as is or trusted by the worker.
 */
export function storedRecord(value: unknown): InventionRecord | undefined {
  if (value === null || value === undefined) return undefined;
  const parsed = inventionRecord.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

/** A working title until the outline names the report: the idea's first words. */
export function provisionalTitle(idea: string): string {
  const words = idea.trim().replace(/\s+/g, ' ').split(' ');
  const head = words.slice(0, 10).join(' ');
  return (words.length > 10 ? `${head}…` : head).slice(0, 120);
}
