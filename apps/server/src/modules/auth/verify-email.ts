import { MSG } from '@assay/shared';
import type { Deps } from '../../deps.ts';
import { NO_PASSWORD } from '../../lib/passwords.ts';
import { findUserByEmail } from '../users/index.ts';
import { accountActivated } from './account-activated.ts';
import { checkCode } from './otp-rate-limit.ts';
import { mailResetCode } from './request-password-reset.ts';
import { matchingHash, signupPasswords } from './signup-passwords.ts';

/**
 * Verifies the mailbox with its code. On a contested sign-up (decision 050) only a password the
 * code's owner names can stay; naming none of them verifies the mailbox with no usable password
 * and mails a reset code, so no one else's password ever owns the account.
 */
export async function verifyEmail(deps: Deps, email: string, otp: string, ip: string, password?: string, key?: string) {
  const { db } = deps;
  const found = await findUserByEmail(db, email);
  // Unknown and already-verified emails answer like a wrong code: an email's state never leaks.
  // Wrong tries must be counted even though the request fails: check outside the activation.
  const user = await checkCode(deps, email, found?.is_verified ? undefined : found, 'verify_email', otp, ip, undefined, key);
  // Passwords are checked only on a contested account: an uncontested one verifies as before.
  const known = password === undefined ? undefined : await signupPasswords(db, user.id);
  const chosen =
    password !== undefined && known?.competing.length ? await matchingHash(password, [known.stored, ...known.competing]) : undefined;
  const verified = await db.transaction(async (tx) => {
    // Decided on the row as it is now, so a sign-up landing meanwhile still contests it.
    const r = await tx.query<{ password_hash: string | null }>(
      `UPDATE users SET is_verified = true, signup_password_hashes = '{}',
              password_hash = CASE WHEN $2::text IS NOT NULL THEN $2
                                   WHEN cardinality(signup_password_hashes) = 0 THEN password_hash
                                   ELSE $3 END
        WHERE id = $1 AND NOT is_verified RETURNING password_hash`,
      [user.id, chosen ?? null, NO_PASSWORD],
    );
    if (r.rows.length) await accountActivated(tx, user.id);
    return r.rows[0];
  });
  if (verified?.password_hash !== NO_PASSWORD) return { message: MSG.emailVerified };
  await mailResetCode(deps, user);
  return { message: MSG.contestedSignupVerified, password_reset_required: true as const };
}
