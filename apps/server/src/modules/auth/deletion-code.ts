import { ACCOUNT_MESSAGES } from '@assay/shared';
import type { Deps } from '../../deps.ts';
import { badRequest } from '../../lib/errors.ts';
import type { UserRow } from '../users/index.ts';
import { checkCode } from './otp-rate-limit.ts';
import { mailCode } from './send-fresh-code.ts';

/**
 * An account without a password (Google sign-in) confirms its deletion with a code sent to its
 * own address: proof that the person at the keyboard still holds the mailbox, not just a session.
 * Same limits as every code: a resend cooldown, OTP.maxAttempts tries a code (decision 160).
 */
export async function sendDeletionCode(deps: Deps, user: UserRow) {
  if (user.password_hash) throw badRequest(ACCOUNT_MESSAGES.deletionCodeNotForPasswordAccounts, 'password_account');
  await mailCode(deps, user, 'delete_account', 'accountDeletionCode', ACCOUNT_MESSAGES.deletionCodeMailFailed);
  return { message: ACCOUNT_MESSAGES.deletionCodeSent };
}

/** Checks and spends a deletion code; 400/429 with the usual code messages otherwise. */
export async function consumeDeletionCode(deps: Deps, user: UserRow, code: string, ip: string) {
  await checkCode(deps, user.email, user, 'delete_account', code, ip);
}
