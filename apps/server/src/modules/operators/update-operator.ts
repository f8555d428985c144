import type { OperatorUpdateRequest } from '@assay/shared';
import type { Deps } from '../../deps.ts';
import type { OperatorAuth } from '../../http/operator-guard.ts';
import { audit } from '../../lib/audit.ts';
import { notFound } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { isUuid } from '../../lib/sql.ts';
import { OPERATOR_COLUMNS, toOperatorSummary, type OperatorRow } from './create-operator.ts';

/**
 * An operator sets another's (or their own) public name and/or password (issue 29 item 5, decision
 * 208). Operators sign each request with their password, so a new one ends the old one's use at
 * once: the guard always reads the stored hash. Each change is audited under who made it.
 */
export async function updateOperator(deps: Pick<Deps, 'db' | 'config'>, by: OperatorAuth, id: string, input: OperatorUpdateRequest) {
  if (!isUuid(id)) throw notFound('Operator not found', 'operator_not_found');
  const hash = input.password === undefined ? null : await hashPassword(input.password, deps.config.PASSWORD_HASH_COST);
  return deps.db.transaction(async (tx) => {
    const r = await tx.query<OperatorRow>(
      `UPDATE operators SET display_name = COALESCE($2, display_name), password_hash = COALESCE($3, password_hash)
        WHERE id = $1 RETURNING ${OPERATOR_COLUMNS}`,
      [id, input.display_name ?? null, hash],
    );
    const row = r.rows[0];
    if (!row) throw notFound('Operator not found', 'operator_not_found');
    if (input.display_name !== undefined)
      await audit(tx, by, 'operator.rename', `operator:${id}`, { username: row.username, display_name: row.display_name });
    if (hash) await audit(tx, by, 'operator.password_set', `operator:${id}`, { username: row.username, source: 'panel' });
    return toOperatorSummary(row);
  });
}
