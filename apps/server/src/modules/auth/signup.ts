import { MSG, type SignupRequest } from '@assay/shared';
import type { Deps } from '../../deps.ts';
import { conflict } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { findUserByEmail } from '../users/index.ts';
import { sendFreshCode } from './send-fresh-code.ts';
import { rememberCompetingPassword } from './signup-passwords.ts';

/**
 * Creates an unverified account and emails a code; a verified email is refused. Signing up again
 * with an unverified email keeps the name and password stored and emails the address a fresh code
 * (resend rules apply); a different password is kept as a competing one, so whichever order the
 * mailbox's owner and someone else sign up in, her verification names the password that wins
 * (decision 050).
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
  // Before the code is sent, so a 429 inside the resend window still records it.
  if (!outcome.created && !(await rememberCompetingPassword(db, outcome.user.id, input.password, passwordHash))) {
    throw conflict(MSG.emailTaken, 'email_taken');
  }
  try {
    await sendFreshCode(deps, outcome.user);
  } catch (err) {
    // Nothing half-written: a brand-new account whose code never left is removed again.
    if (outcome.created) await db.query('DELETE FROM users WHERE id = $1 AND NOT is_verified', [outcome.user.id]);
    throw err;
  }
  return { message: MSG.accountCreated, email: input.email };
}
