import { MSG } from '@assay/shared';
import type { Deps } from '../../deps.ts';
import { findUserByEmail } from '../users/index.ts';
import { sendFreshCode } from './send-fresh-code.ts';

export async function resendVerificationCode(deps: Deps, email: string) {
  const user = await findUserByEmail(deps.db, email);
  // Unknown and already-verified emails get the answer a real resend gets, and no mail.
  if (user && !user.is_verified) await sendFreshCode(deps, user);
  return { message: MSG.otpSent };
}
