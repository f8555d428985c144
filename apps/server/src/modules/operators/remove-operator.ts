import type { Deps } from '../../deps.ts';
import type { OperatorAuth } from '../../http/operator-guard.ts';
import { audit } from '../../lib/audit.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/sql.ts';

/**
 * Removes another operator account (issue 29 item 5). Never yourself (someone must be left who
 * can sign in, and a slip of the mouse should not lock you out), never the ADMIN_USERNAME account
 * (the server recreates it at start: removing it would only seem to work). The audit log keeps
 * their entries under their name; the posts they wrote lose them as a named author.
 */
export async function removeOperator(deps: Pick<Deps, 'db' | 'config'>, by: OperatorAuth, id: string) {
  if (!isUuid(id)) throw notFound('Operator not found', 'operator_not_found');
  if (id.toLowerCase() === by.id.toLowerCase())
    throw conflict('You cannot remove your own account. Ask another operator.', 'operator_self');
  return deps.db.transaction(async (tx) => {
    const r = await tx.query<{ username: string }>('SELECT username FROM operators WHERE id = $1 FOR UPDATE', [id]);
    const row = r.rows[0];
    if (!row) throw notFound('Operator not found', 'operator_not_found');
    if (row.username.toLowerCase() === deps.config.ADMIN_USERNAME.trim().toLowerCase()) {
      throw conflict(
        'The ADMIN_USERNAME account is created again at every start; change ADMIN_USERNAME or its password instead.',
        'operator_bootstrap',
      );
    }
    await tx.query('DELETE FROM operators WHERE id = $1', [id]);
    await audit(tx, by, 'operator.remove', `operator:${id}`, { username: row.username });
    return { message: `Operator ${row.username} removed.` };
  });
}
