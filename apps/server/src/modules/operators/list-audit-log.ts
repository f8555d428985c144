import type { AuditLogResponse } from '@assay/shared';
import type { Queryable } from '../../db/client.ts';

interface AuditRow {
  id: number;
  operator_username: string;
  action: string;
  target: string | null;
  details: Record<string, unknown>;
  at: Date;
}

/** The audit log, newest first, optionally for one action. */
export async function listAuditLog(
  db: Queryable,
  opts: { page: number; limit: number; action?: string | undefined },
): Promise<AuditLogResponse> {
  const where = opts.action ? 'WHERE action = $1' : '';
  const params: unknown[] = opts.action ? [opts.action] : [];
  const total = (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM operator_audit_log ${where}`, params)).rows[0]!.n;
  const rows = await db.query<AuditRow>(
    `SELECT id, operator_username, action, target, details, at FROM operator_audit_log ${where}
      ORDER BY at DESC, id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, opts.limit, (opts.page - 1) * opts.limit],
  );
  return {
    entries: rows.rows.map((r) => ({ ...r, id: Number(r.id), at: r.at.toISOString() })),
    total,
    page: opts.page,
    pages: Math.ceil(total / opts.limit),
  };
}
