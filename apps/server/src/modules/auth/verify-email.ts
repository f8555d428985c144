import { MSG } from '@assay/shared';
import type { Deps } from '../../deps.ts';
import { badRequest } from '../../lib/errors.ts';
import { findUserByEmail } from '../users/index.ts';
import { accountActivated } from './account-activated.ts';
import { consumeCode } from './email-codes.ts';

export async function verifyEmail(deps: Deps, email: string, otp: string) {
  const { db, config } = deps;
  const user = await findUserByEmail(db, email);
  if (!user) throw badRequest(MSG.otpFailed, 'otp_invalid');
  if (user.is_verified) throw badRequest(MSG.alreadyVerified, 'already_verified');
  // Wrong tries must be counted even though the request fails: check outside the activation.
  await consumeCode(db, config.JWT_SECRET, user.id, 'verify_email', otp);
  await db.transaction(async (tx) => {
    const r = await tx.query(
      'UPDATE users SET is_verified = true WHERE id = $1 AND NOT is_verified RETURNING id',
      [user.id],
    );
    if (r.rows.length) await accountActivated(tx, user.id);
  });
  return { message: MSG.emailVerified };
}
