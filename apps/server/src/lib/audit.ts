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

/**
 * Records what an expert did or saw (decision 230): in the same log, so the Activity tab shows
 * who read an invention beside what operators did; the actor column reads `expert:<e-mail>` and
 * the details carry the expert's id (the operator link stays empty: an expert is no operator).
 */
export async function auditExpert(
  tx: Queryable,
  expert: { id: string; email: string },
  action: AuditAction,
  target: string | null,
  details: Record<string, unknown> = {},
): Promise<void> {
  await tx.query(
    `INSERT INTO operator_audit_log (operator_id, operator_username, action, target, details)
     VALUES (NULL, $1, $2, $3, $4::jsonb)`,
    [`expert:${expert.email}`, action, target, JSON.stringify({ expert_id: expert.id, ...details })],
  );
}
