import { MSG, OTP } from '@assay/shared';
import type { Queryable } from '../../db/client.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { hmac, randomDigits, safeEqual } from '../../lib/secrets.ts';

export type CodePurpose = 'verify_email' | 'reset_password';

const codeHash = (secret: string, userId: string, purpose: CodePurpose, code: string) =>
  hmac(secret, `${purpose}:${userId}:${code}`);

/**
 * Issues a fresh 6-digit code (replacing any earlier one), unless one was issued less than
 * OTP.resendSeconds ago: then returns undefined and the caller does not send mail.
 */
export async function issueCode(tx: Queryable, secret: string, userId: string, purpose: CodePurpose) {
  const code = randomDigits(6);
  const r = await tx.query(
    `INSERT INTO email_codes AS c (user_id, purpose, code_hash, expires_at)
     VALUES ($1, $2, $3, now() + make_interval(mins => $4))
     ON CONFLICT (user_id, purpose) DO UPDATE
       SET code_hash = EXCLUDED.code_hash, attempts = 0, expires_at = EXCLUDED.expires_at, created_at = now()
       WHERE c.created_at <= now() - make_interval(secs => $5)
     RETURNING 1`,
    [userId, purpose, codeHash(secret, userId, purpose, code), OTP.ttlMinutes, OTP.resendSeconds],
  );
  return r.rows.length ? code : undefined;
}

/**
 * Checks a code and consumes it on success. Each check first takes one try in a single
 * UPDATE, so concurrent guesses can never get past OTP.maxAttempts; tries are committed even
 * though the request fails, so the caller must run this outside a rolled-back transaction.
 */
export async function consumeCode(
  db: Queryable,
  secret: string,
  userId: string,
  purpose: CodePurpose,
  code: string,
  failureDetail: string = MSG.otpFailed,
): Promise<void> {
  const taken = await db.query<{ code_hash: string }>(
    `UPDATE email_codes SET attempts = attempts + 1
      WHERE user_id = $1 AND purpose = $2 AND attempts < $3 AND expires_at > now()
      RETURNING code_hash`,
    [userId, purpose, OTP.maxAttempts],
  );
  const row = taken.rows[0];
  if (!row) {
    const r = await db.query<{ attempts: number }>(
      'SELECT attempts FROM email_codes WHERE user_id = $1 AND purpose = $2',
      [userId, purpose],
    );
    if (!r.rows[0]) throw badRequest(failureDetail, 'otp_invalid');
    if (r.rows[0].attempts >= OTP.maxAttempts) throw new AppError(429, MSG.otpTooManyAttempts, 'otp_locked');
    throw badRequest(MSG.otpExpired, 'otp_expired');
  }
  const hash = codeHash(secret, userId, purpose, code);
  if (!safeEqual(row.code_hash, hash)) throw badRequest(failureDetail, 'otp_invalid');
  // Single use: of two concurrent requests with the right code, only the one that deletes it wins.
  const consumed = await db.query(
    'DELETE FROM email_codes WHERE user_id = $1 AND purpose = $2 AND code_hash = $3 RETURNING 1',
    [userId, purpose, hash],
  );
  if (!consumed.rows.length) throw badRequest(failureDetail, 'otp_invalid');
}
