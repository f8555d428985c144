import { MSG } from '@assay/shared';
import type { Deps } from '../../deps.ts';
import { badRequest } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { composeMail, queueMail } from '../mail/index.ts';
import { confirmPassword } from './confirm-password.ts';
import { revokeUserSessions } from './session-tokens.ts';

/** Changes the password and signs out every other session of the account. */
export async function changePassword(deps: Deps, auth: { userId: string; sessionId: string }, current: string, next: string) {
  const { db, config } = deps;
  const user = await confirmPassword(deps, auth.userId, current);
  if (current === next) throw badRequest(MSG.samePassword, 'same_password');
  const hash = await hashPassword(next, config.PASSWORD_HASH_COST);
  await db.transaction(async (tx) => {
    await tx.query('UPDATE users SET password_hash = $2 WHERE id = $1', [user.id, hash]);
    await revokeUserSessions(tx, user.id, 'password_changed', auth.sessionId);
    await queueMail(
      deps.queue,
      tx,
      composeMail(config, user.email, 'passwordChanged', { name: user.name, how: 'changed', at: new Date() }),
    );
  });
  return { message: MSG.passwordChanged };
}
