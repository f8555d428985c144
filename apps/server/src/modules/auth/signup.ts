import { MSG, type SignupRequest } from '@assay/shared';
import type { Deps } from '../../deps.ts';
import { conflict, serviceUnavailable } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { findUserByEmail } from '../users/index.ts';
import { issueCode } from './email-codes.ts';
import { verificationMail } from './mail-templates.ts';

/**
 * Creates an unverified account and emails a code. Signing up again with an unverified email
 * updates the details and re-sends a code; a verified email is refused.
 */
export async function signup(deps: Deps, input: Required<Pick<SignupRequest, 'name' | 'email' | 'phone' | 'password'>>) {
  const { db, config, mailer } = deps;
  const passwordHash = await hashPassword(input.password, config.PASSWORD_HASH_COST);
  const outcome = await db.transaction(async (tx) => {
    const existing = await findUserByEmail(tx, input.email, true);
    if (existing?.is_verified) throw conflict(MSG.emailTaken, 'email_taken');
    let userId: string;
    if (existing) {
      userId = existing.id;
      await tx.query('UPDATE users SET name = $2, phone = $3, password_hash = $4 WHERE id = $1', [
        userId, input.name, input.phone, passwordHash,
      ]);
    } else {
      const r = await tx.query<{ id: string }>(
        `INSERT INTO users (name, email, phone, password_hash) VALUES ($1, $2, $3, $4)
         ON CONFLICT (email) DO NOTHING RETURNING id`,
        [input.name, input.email, input.phone, passwordHash],
      );
      // A concurrent signup for the same email won the race.
      if (!r.rows[0]) throw conflict(MSG.emailTaken, 'email_taken');
      userId = r.rows[0].id;
    }
    const code = await issueCode(tx, config.JWT_SECRET, userId, 'verify_email');
    return { userId, code, created: !existing };
  });

  if (outcome.code) {
    try {
      await mailer.send(verificationMail(input.email, input.name, outcome.code));
    } catch (err) {
      deps.log.error({ err }, 'verification email failed');
      // Nothing half-written: a brand-new account whose code never left is removed again.
      if (outcome.created) await db.query('DELETE FROM users WHERE id = $1 AND NOT is_verified', [outcome.userId]);
      throw serviceUnavailable(MSG.mailFailed, 'mail_failed');
    }
  }
  return { message: MSG.accountCreated, email: input.email };
}
