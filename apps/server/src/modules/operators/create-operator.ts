import type { OperatorSummary } from '@assay/shared';
import type { Deps } from '../../deps.ts';
import type { OperatorAuth } from '../../http/operator-guard.ts';
import { audit } from '../../lib/audit.ts';
import { conflict } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/passwords.ts';

/**
 * Named operator accounts (decision 190): an operator creates another from the panel, each with
 * its own password, so the audit log says who did what. The bootstrap operator from
 * ADMIN_USERNAME/ADMIN_PASSWORD stays (ensure-first-operator.ts). The password's length is
 * checked by the request schema (OPERATOR_PASSWORD_MIN_LENGTH).
 */
export async function createOperator(
  deps: Pick<Deps, 'db' | 'config'>,
  by: OperatorAuth,
  username: string,
  password: string,
  displayName: string | null = null,
) {
  const hash = await hashPassword(password, deps.config.PASSWORD_HASH_COST);
  return deps.db.transaction(async (tx) => {
    const r = await tx.query<{ id: string; username: string; display_name: string | null; created_at: Date }>(
      'INSERT INTO operators (username, password_hash, display_name) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING id, username, display_name, created_at',
      [username, hash, displayName],
    );
    const row = r.rows[0];
    if (!row) throw conflict('An operator with this username exists already.', 'operator_exists');
    await audit(tx, by, 'operator.create', `operator:${row.id}`, { username, source: 'panel' });
    return toOperatorSummary({ ...row, last_login_at: null });
  });
}

export interface OperatorRow {
  id: string;
  username: string;
  display_name: string | null;
  created_at: Date;
  last_login_at: Date | null;
}
export const OPERATOR_COLUMNS = 'id, username, display_name, created_at, last_login_at';

export const toOperatorSummary = (o: OperatorRow): OperatorSummary => ({
  id: o.id,
  username: o.username,
  display_name: o.display_name,
  created_at: o.created_at.toISOString(),
  last_login_at: o.last_login_at?.toISOString() ?? null,
});

export async function listOperators(deps: Pick<Deps, 'db'>) {
  const r = await deps.db.query<OperatorRow>(`SELECT ${OPERATOR_COLUMNS} FROM operators ORDER BY lower(username) LIMIT 500`);
  return { operators: r.rows.map(toOperatorSummary) };
}
