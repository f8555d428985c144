import type { AuditEntry } from '@assay/shared';
import type { Queryable } from '../../db/client.ts';
import { decodeIdCursor, encodeIdCursor } from '../../lib/paging.ts';
import { nextDay, startOfDayIn } from '../../lib/time-zone.ts';

interface AuditRow {
  id: string;
  operator_username: string;
  action: string;
  target: string | null;
  details: Record<string, unknown>;
  at: Date;
}

export interface AuditLogFilter {
  operator?: string | undefined;
  action?: string | undefined;
  /** YYYY-MM-DD (a day in `tz`) or an ISO timestamp. */
  from?: string | undefined;
  /** Inclusive: a day means up to the end of that day in `tz`. */
  to?: string | undefined;
  tz?: string | undefined;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * One page of the audit log, newest first, after `cursor`. The log only grows, so it is paged by
 * its identity column alone (encodeIdCursor): entries written meanwhile never shift a page, and a
 * deep page costs what the first does. Each filter has an index to walk (migration 176).
 */
export async function listAuditLog(
  db: Queryable,
  q: AuditLogFilter & { cursor?: string | undefined; limit: number },
): Promise<{ entries: AuditEntry[]; next: string | undefined }> {
  const params: unknown[] = [];
  const where: string[] = [];
  const add = (cond: (p: string) => string, value: unknown) => {
    params.push(value);
    where.push(cond(`$${params.length}`));
  };
  if (q.operator) add((p) => `lower(operator_username) = lower(${p})`, q.operator);
  if (q.action) add((p) => `action = ${p}`, q.action);
  const zone = q.tz ?? 'UTC';
  if (q.from) add((p) => `at >= ${p}::timestamptz`, (DAY.test(q.from) ? startOfDayIn(q.from, zone) : new Date(q.from)).toISOString());
  if (q.to) {
    // A day runs to the next local midnight (23 or 25 hours where the clocks change).
    if (DAY.test(q.to)) add((p) => `at < ${p}::timestamptz`, startOfDayIn(nextDay(q.to), zone).toISOString());
    else add((p) => `at <= ${p}::timestamptz`, new Date(q.to).toISOString());
  }
  if (q.cursor) add((p) => `id < ${p}`, decodeIdCursor(q.cursor));
  params.push(q.limit + 1);
  const rows = await db.query<AuditRow>(
    `SELECT id, operator_username, action, target, details, at FROM operator_audit_log
      ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY id DESC LIMIT $${params.length}`,
    params,
  );
  const page = rows.rows.slice(0, q.limit);
  const last = page[page.length - 1];
  return {
    entries: page.map((r) => ({ ...r, id: Number(r.id), at: r.at.toISOString() })),
    next: rows.rows.length > q.limit && last ? encodeIdCursor(last.id) : undefined,
  };
}
