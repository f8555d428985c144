import { MSG } from '@assay/shared';
import type { Deps } from '../../deps.ts';
import { findUserByEmail } from '../users/index.ts';
import { accountActivated } from './account-activated.ts';
import { checkCode } from './otp-rate-limit.ts';

export async function verifyEmail(deps: Deps, email: string, otp: string, ip: string) {
  const { db } = deps;
  const found = await findUserByEmail(db, email);
  // Unknown and already-verified emails answer like a wrong code: an email's state never leaks.
  // Wrong tries must be counted even though the request fails: check outside the activation.
  const user = await checkCode(deps, found?.is_verified ? undefined : found, 'verify_email', otp, ip);
  await db.transaction(async (tx) => {
    const r = await tx.query(
      'UPDATE users SET is_verified = true WHERE id = $1 AND NOT is_verified RETURNING id',
      [user.id],
    );
    if (r.rows.length) await accountActivated(tx, user.id);
  });
  return { message: MSG.emailVerified };
}
