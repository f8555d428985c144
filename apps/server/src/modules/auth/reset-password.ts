import { MSG } from '@assay/shared';
import type { Deps } from '../../deps.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { composeMail, queueMail } from '../mail/index.ts';
import { findUserByEmail } from '../users/index.ts';
import { accountActivated } from './account-activated.ts';
import { checkCode } from './otp-rate-limit.ts';
import { revokeUserSessions } from './session-tokens.ts';

/** Sets a new password with an emailed code and revokes every session of the account. */
export async function resetPassword(deps: Deps, email: string, otp: string, newPassword: string, ip: string, key?: string) {
  const { db, config } = deps;
  const hash = await hashPassword(newPassword, config.PASSWORD_HASH_COST);
  const user = await checkCode(deps, email, await findUserByEmail(db, email), 'reset_password', otp, ip, undefined, key);
  await db.transaction(async (tx) => {
    // The code proves the mailbox, so an unverified account becomes verified too.
    const r = await tx.query<{ was_verified: boolean }>(
      `UPDATE users u SET password_hash = $2, is_verified = true, signup_password_hashes = '{}' FROM users old
        WHERE u.id = $1 AND old.id = u.id RETURNING old.is_verified AS was_verified`,
      [user.id, hash],
    );
    if (r.rows[0] && !r.rows[0].was_verified) await accountActivated(tx, user.id);
    await revokeUserSessions(tx, user.id, 'password_reset');
    await queueMail(deps.queue, tx, composeMail(config, user.email, 'passwordChanged', { name: user.name, how: 'reset', at: new Date() }));
  });
  return { message: MSG.passwordReset };
}
