import type { Db } from '../../db/client.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { randomToken } from '../../lib/secrets.ts';
import { audit } from '../../lib/audit.ts';

/**
 * Operator recovery from the server's own shell (`npm run operator`, decision 163). Nothing here is
 * reachable over HTTP: whoever runs it already holds the machine and its database, so a stranger
 * who locked an operator out cannot use it to get in.
 */

export class UnknownOperatorError extends Error {
  constructor(username: string) {
    super(`No operator named "${username}".`);
    this.name = 'UnknownOperatorError';
  }
}

async function findOperator(db: Db, username: string) {
  const row = (
    await db.query<{ id: string; username: string }>('SELECT id, username FROM operators WHERE lower(username) = lower($1)', [
      username.trim(),
    ])
  ).rows[0];
  if (!row) throw new UnknownOperatorError(username);
  return row;
}

/**
 * Ends the lock-out: the username's failure counter, and every address counter for operator
 * sign-ins (the operator's own address may be the one that reached its limit). Returns how many
 * counters were cleared.
 */
export async function unlockOperator(db: Db, username: string): Promise<{ username: string; cleared: number }> {
  const op = await findOperator(db, username);
  return db.transaction(async (tx) => {
    const r = await tx.query(`DELETE FROM rate_limits WHERE key = $1 OR key LIKE 'operator:ip:%'`, [
      `operator:user:${op.username.toLowerCase().slice(0, 100)}`,
    ]);
    await audit(tx, null, 'operator.unlock', `operator:${op.id}`, { username: op.username, source: 'cli', cleared: r.rowCount });
    return { username: op.username, cleared: r.rowCount };
  });
}

/**
 * Gives the operator a new random password (24 characters, like the generated first one), shown
 * once to whoever ran the command, and unlocks the account. Browsers that signed in with the old
 * password are asked for the new one at their next call (the stored hash changed).
 */
export async function resetOperatorPassword(db: Db, username: string, hashCost: number): Promise<{ username: string; password: string }> {
  const op = await findOperator(db, username);
  const password = randomToken(18);
  const hash = await hashPassword(password, hashCost);
  await db.transaction(async (tx) => {
    await tx.query('UPDATE operators SET password_hash = $2 WHERE id = $1', [op.id, hash]);
    // A lost phone is the usual reason: the authenticator goes too and is added again (decision 191);
    // so do the operator's passkeys, the other second factor (decision 228).
    await tx.query('DELETE FROM operator_totp_factors WHERE operator_id = $1', [op.id]);
    await tx.query('DELETE FROM passkeys WHERE operator_id = $1', [op.id]);
    await audit(tx, null, 'operator.password_set', `operator:${op.id}`, { username: op.username, source: 'cli' });
  });
  await unlockOperator(db, op.username);
  return { username: op.username, password };
}
