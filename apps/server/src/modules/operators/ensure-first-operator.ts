import { OPERATOR_PASSWORD_MIN_LENGTH } from '@assay/shared';
import type { Deps } from '../../deps.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { randomToken } from '../../lib/secrets.ts';
import { audit } from '../../lib/audit.ts';

export interface FirstOperatorResult {
  username: string;
  /** True when this call created the account. */
  created: boolean;
  /** The generated password, only when this call created the account without ADMIN_PASSWORD. */
  generatedPassword?: string;
}

/**
 * Makes sure someone can sign in to the operator panel.
 * - ADMIN_PASSWORD set: the ADMIN_USERNAME account exists with that password (created, or its
 *   password replaced when it no longer matches), so the environment stays the source of truth.
 * - Unset (embedded default): when there is no operator at all, one is created with a random
 *   password printed once to the log. There is never a fixed default password.
 * Safe when several servers start at once: the unique username decides who creates it.
 */
export async function ensureFirstOperator(deps: Pick<Deps, 'db' | 'config' | 'log'>): Promise<FirstOperatorResult> {
  const { db, config, log } = deps;
  const username = config.ADMIN_USERNAME;

  if (config.ADMIN_PASSWORD) {
    const existing = (
      await db.query<{ id: string; password_hash: string }>('SELECT id, password_hash FROM operators WHERE lower(username) = lower($1)', [
        username,
      ])
    ).rows[0];
    if (existing && (await verifyPassword(config.ADMIN_PASSWORD, existing.password_hash))) {
      return { username, created: false };
    }
    const hash = await operatorPasswordHash(config.ADMIN_PASSWORD, config.PASSWORD_HASH_COST);
    if (existing) {
      await db.transaction(async (tx) => {
        await tx.query('UPDATE operators SET password_hash = $2 WHERE id = $1', [existing.id, hash]);
        await audit(tx, null, 'operator.password_set', `operator:${existing.id}`, { username, source: 'ADMIN_PASSWORD' });
      });
      log.info({ username }, 'operator password set from ADMIN_PASSWORD');
      return { username, created: false };
    }
    const created = await insertOperator(deps, username, hash, 'ADMIN_PASSWORD');
    if (created) log.info({ username }, 'operator account created from ADMIN_USERNAME/ADMIN_PASSWORD');
    return { username, created };
  }

  const any = await db.query('SELECT 1 FROM operators LIMIT 1');
  if (any.rows.length) return { username, created: false };
  const password = randomToken(18);
  const created = await insertOperator(deps, username, await operatorPasswordHash(password, config.PASSWORD_HASH_COST), 'generated');
  if (!created) return { username, created: false };
  log.warn(
    { username },
    `Operator account created. Sign in at ${config.PUBLIC_URL}/admin with username "${username}" and password "${password}". ` +
      'This password is shown only once: keep it safe, or set ADMIN_PASSWORD to choose your own.',
  );
  return { username, created: true, generatedPassword: password };
}

/** Every operator password is hashed here, so none shorter than the minimum is ever stored. */
async function operatorPasswordHash(password: string, cost: number) {
  if (password.length < OPERATOR_PASSWORD_MIN_LENGTH) {
    throw new Error(`An operator password must be at least ${OPERATOR_PASSWORD_MIN_LENGTH} characters`);
  }
  return hashPassword(password, cost);
}

async function insertOperator(deps: Pick<Deps, 'db'>, username: string, hash: string, source: string) {
  return deps.db.transaction(async (tx) => {
    const r = await tx.query<{ id: string }>(
      'INSERT INTO operators (username, password_hash) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING id',
      [username, hash],
    );
    const id = r.rows[0]?.id;
    if (!id) return false;
    await audit(tx, null, 'operator.create', `operator:${id}`, { username, source });
    return true;
  });
}
