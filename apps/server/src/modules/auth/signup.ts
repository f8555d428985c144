import { MSG, type SignupRequest } from '@assay/shared';
import type { Deps } from '../../deps.ts';
import { conflict } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { findUserByEmail } from '../users/index.ts';
import { sendFreshCode } from './send-fresh-code.ts';

/**
 * Creates an unverified account and emails a code; a verified email is refused. Signing up again
 * with an unverified email changes nothing stored — not the password, not the name — and emails
 * the address a fresh code (resend rules apply): otherwise whoever signs up second would own the
 * account the mailbox's owner then verifies (decision 050).
 */
export async function signup(deps: Deps, input: Required<Pick<SignupRequest, 'name' | 'email' | 'phone' | 'password'>>) {
  const { db, config } = deps;
  const passwordHash = await hashPassword(input.password, config.PASSWORD_HASH_COST);
  const outcome = await db.transaction(async (tx) => {
    const existing = await findUserByEmail(tx, input.email, true);
    if (existing?.is_verified) throw conflict(MSG.emailTaken, 'email_taken');
    if (existing) return { user: existing, created: false };
    const r = await tx.query<{ id: string }>(
      `INSERT INTO users (name, email, phone, password_hash) VALUES ($1, $2, $3, $4)
       ON CONFLICT (email) DO NOTHING RETURNING id`,
      [input.name, input.email, input.phone, passwordHash],
    );
    // A concurrent signup for the same email won the race.
    if (!r.rows[0]) throw conflict(MSG.emailTaken, 'email_taken');
    return { user: { id: r.rows[0].id, email: input.email, name: input.name }, created: true };
  });
  try {
    await sendFreshCode(deps, outcome.user);
  } catch (err) {
    // Nothing half-written: a brand-new account whose code never left is removed again.
    if (outcome.created) await db.query('DELETE FROM users WHERE id = $1 AND NOT is_verified', [outcome.user.id]);
    throw err;
  }
  return { message: MSG.accountCreated, email: input.email };
}
