import { MSG } from '@assay/shared';
import type { Deps } from '../../deps.ts';
import { badRequest } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { hitRateLimit } from '../../lib/rate-limit.ts';
import { findUserById } from '../users/index.ts';
import { revokeUserSessions } from './session-tokens.ts';

/** Changes the password and signs out every other session of the account. */
export async function changePassword(
  deps: Deps,
  auth: { userId: string; sessionId: string },
  current: string,
  next: string,
) {
  const { db, config } = deps;
  const user = await findUserById(db, auth.userId);
  if (!user?.password_hash) throw badRequest(MSG.googleAccountNoPassword, 'google_account');
  // Guessing the current password counts like sign-in attempts on the account.
  await hitRateLimit(db, `login:account:${user.email}`, config.RATE_LIMIT_LOGIN_PER_ACCOUNT, config.RATE_LIMIT_WINDOW_SECONDS);
  if (!(await verifyPassword(current, user.password_hash))) throw badRequest(MSG.wrongCurrentPassword, 'wrong_password');
  if (current === next) throw badRequest(MSG.samePassword, 'same_password');
  const hash = await hashPassword(next, config.PASSWORD_HASH_COST);
  await db.transaction(async (tx) => {
    await tx.query('UPDATE users SET password_hash = $2 WHERE id = $1', [user.id, hash]);
    await revokeUserSessions(tx, user.id, 'password_changed', auth.sessionId);
  });
  return { message: MSG.passwordChanged };
}
