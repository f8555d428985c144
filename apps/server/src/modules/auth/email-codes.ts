import { MSG, OTP } from '@assay/shared';
import type { Config } from '../../config/env.ts';
import type { Queryable } from '../../db/client.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { assertUnderLimits, countHit, type FailureLimit } from '../../lib/rate-limit.ts';
import { hmac, randomDigits, safeEqual } from '../../lib/secrets.ts';

export type CodePurpose = 'verify_email' | 'reset_password' | 'delete_account';
type CodeConfig = Pick<Config, 'JWT_SECRET' | 'OTP_CODES_PER_HOUR'>;

const codeHash = (secret: string, userId: string, purpose: CodePurpose, code: string) =>
  hmac(secret, `${purpose}:${userId}:${code}`);

/** Codes sent to one account per hour: with OTP.maxAttempts tries each, guesses per hour stay few. */
const hourlyCodes = (config: CodeConfig, userId: string, purpose: CodePurpose): FailureLimit => ({
  key: `codes:${purpose}:${userId}`,
  limit: config.OTP_CODES_PER_HOUR,
  windowSeconds: 3600,
});

/** 429 while the live code is younger than OTP.resendSeconds; Retry-After says how much longer. */
export async function resendTooSoon(db: Queryable, userId: string, purpose: CodePurpose): Promise<AppError> {
  const r = await db.query<{ seconds: number }>(
    `SELECT ceil(extract(epoch FROM created_at + make_interval(secs => $3) - now()))::int AS seconds
       FROM email_codes WHERE user_id = $1 AND purpose = $2`,
    [userId, purpose, OTP.resendSeconds],
  );
  const seconds = Math.min(OTP.resendSeconds, Math.max(1, r.rows[0]?.seconds ?? OTP.resendSeconds));
  return new AppError(429, MSG.otpResendTooSoon, 'otp_resend_too_soon', { 'retry-after': String(seconds) });
}

/**
 * Issues a fresh 6-digit code with fresh tries. The code it replaces stays usable until its own
 * expiry unless its tries were spent, so a resend by anyone never voids the code the owner holds.
 * Returns undefined (the caller sends no mail) while the live code is less than
 * OTP.resendSeconds old and still usable; a code spent on wrong tries or expired is replaced at
 * once, so failures caused by others never keep the owner from a fresh code. 429 past the hourly cap.
 */
export async function issueCode(tx: Queryable, config: CodeConfig, userId: string, purpose: CodePurpose) {
  const cap = hourlyCodes(config, userId, purpose);
  await assertUnderLimits(tx, [cap], MSG.otpTooManyCodes);
  const code = randomDigits(6);
  const r = await tx.query(
    `INSERT INTO email_codes AS c (user_id, purpose, code_hash, expires_at)
     VALUES ($1, $2, $3, now() + make_interval(mins => $4))
     ON CONFLICT (user_id, purpose) DO UPDATE
       SET previous_code_hash = CASE WHEN c.attempts < $6 AND c.expires_at > now() THEN c.code_hash END,
           previous_expires_at = CASE WHEN c.attempts < $6 AND c.expires_at > now() THEN c.expires_at END,
           code_hash = EXCLUDED.code_hash, attempts = 0, expires_at = EXCLUDED.expires_at, created_at = now()
       WHERE c.created_at <= now() - make_interval(secs => $5) OR c.attempts >= $6 OR c.expires_at <= now()
     RETURNING 1`,
    [userId, purpose, codeHash(config.JWT_SECRET, userId, purpose, code), OTP.ttlMinutes, OTP.resendSeconds, OTP.maxAttempts],
  );
  if (!r.rows.length) return undefined;
  await countHit(tx, [cap]);
  return code;
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
  const taken = await db.query<{ code_hash: string; previous_hash: string | null }>(
    `UPDATE email_codes SET attempts = attempts + 1
      WHERE user_id = $1 AND purpose = $2 AND attempts < $3 AND expires_at > now()
      RETURNING code_hash, CASE WHEN previous_expires_at > now() THEN previous_code_hash END AS previous_hash`,
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
  const matches = safeEqual(row.code_hash, hash) || (row.previous_hash !== null && safeEqual(row.previous_hash, hash));
  if (!matches) throw badRequest(failureDetail, 'otp_invalid');
  // Single use: of two concurrent requests with the right code, only the one that deletes it wins.
  const consumed = await db.query(
    'DELETE FROM email_codes WHERE user_id = $1 AND purpose = $2 AND (code_hash = $3 OR previous_code_hash = $3) RETURNING 1',
    [userId, purpose, hash],
  );
  if (!consumed.rows.length) throw badRequest(failureDetail, 'otp_invalid');
}
