import type { AuditAction } from '@assay/shared';
import type { Queryable } from '../db/client.ts';

/**
 * Records one operator action. Call it with the transaction that makes the change,
 * so the change and its audit entry commit or roll back together.
 * `operator` null means the system itself (for example the first operator created at start, or
 * a sign-in lock-out). Here in lib/ because the operator guard (http/) records lock-outs too;
 * modules reach it through modules/operators.
 */
export async function audit(
  tx: Queryable,
  operator: { id: string; username: string } | null,
  action: AuditAction,
  target: string | null,
  details: Record<string, unknown> = {},
): Promise<void> {
  await tx.query(
    `INSERT INTO operator_audit_log (operator_id, operator_username, action, target, details)
     VALUES ($1, $2, $3, $4, $5::jsonb)`,
    [operator?.id ?? null, operator?.username ?? 'system', action, target, JSON.stringify(details)],
  );
}
