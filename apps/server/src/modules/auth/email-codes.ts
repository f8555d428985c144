import { MSG, OTP } from '@assay/shared';
import type { Config } from '../../config/env.ts';
import type { Db, Queryable } from '../../db/client.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { hmac, randomDigits, randomToken, safeEqual } from '../../lib/secrets.ts';

export type CodePurpose = 'verify_email' | 'reset_password' | 'delete_account' | 'change_email';
type CodeConfig = Pick<Config, 'JWT_SECRET'>;

const codeHash = (secret: string, userId: string, purpose: CodePurpose, code: string) => hmac(secret, `${purpose}:${userId}:${code}`);
const keyHash = (secret: string, userId: string, purpose: CodePurpose, key: string) => hmac(secret, `link:${purpose}:${userId}:${key}`);

/** A mailed code: the 6 digits to type, and the long key its mail's link carries (decision 160). */
export interface IssuedCode {
  code: string;
  key: string;
}

/** 429 while the newest code is younger than OTP.resendSeconds; Retry-After says how much longer. */
export async function resendTooSoon(db: Queryable, userId: string, purpose: CodePurpose): Promise<AppError> {
  const r = await db.query<{ seconds: number }>(
    `SELECT ceil(extract(epoch FROM max(created_at) + make_interval(secs => $3) - now()))::int AS seconds
       FROM email_codes WHERE user_id = $1 AND purpose = $2`,
    [userId, purpose, OTP.resendSeconds],
  );
  const seconds = Math.min(OTP.resendSeconds, Math.max(1, r.rows[0]?.seconds ?? OTP.resendSeconds));
  return new AppError(429, MSG.otpResendTooSoon, 'otp_resend_too_soon', { 'retry-after': String(seconds) });
}

/**
 * Issues a fresh 6-digit code with fresh tries, in a row of its own: codes sent before it stay
 * usable until their own expiry, so a resend by anyone never voids the code the owner holds.
 * One code per account and purpose per OTP.resendSeconds, whoever asks and whatever happened to
 * the last one: that bounds both the mail an account receives and the tries guessers get
 * (decision 160). There is no longer cap a stranger could spend. Returns undefined (the caller
 * sends no mail) inside the cooldown.
 */
export async function issueCode(db: Db, config: CodeConfig, userId: string, purpose: CodePurpose): Promise<IssuedCode | undefined> {
  const code = randomDigits(6);
  const key = randomToken(16);
  return db.transaction(async (tx) => {
    // Serialises issuing per account and purpose, so concurrent requests cannot slip two codes
    // into one cooldown; each statement after the lock sees what the others committed.
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`email-code:${purpose}:${userId}`]);
    await tx.query('DELETE FROM email_codes WHERE user_id = $1 AND purpose = $2 AND expires_at <= now()', [userId, purpose]);
    const r = await tx.query(
      `INSERT INTO email_codes (user_id, purpose, code_hash, link_key_hash, expires_at)
       SELECT $1, $2, $3, $4, now() + make_interval(mins => $5)
        WHERE NOT EXISTS (SELECT 1 FROM email_codes WHERE user_id = $1 AND purpose = $2
                           AND created_at > now() - make_interval(secs => $6))
       RETURNING 1`,
      [
        userId,
        purpose,
        codeHash(config.JWT_SECRET, userId, purpose, code),
        keyHash(config.JWT_SECRET, userId, purpose, key),
        OTP.ttlMinutes,
        OTP.resendSeconds,
      ],
    );
    return r.rows.length ? { code, key } : undefined;
  });
}

/** Removes a code that never left (its mail failed), so it neither counts nor throttles. */
export async function withdrawCode(db: Queryable, config: CodeConfig, userId: string, purpose: CodePurpose, issued: IssuedCode) {
  await db.query('DELETE FROM email_codes WHERE user_id = $1 AND purpose = $2 AND code_hash = $3', [
    userId,
    purpose,
    codeHash(config.JWT_SECRET, userId, purpose, issued.code),
  ]);
}

/** Spends the code, and with it every other code of the purpose: one proof of the mailbox is enough. */
async function spend(db: Queryable, userId: string, purpose: CodePurpose, id: string, failureDetail: string) {
  // Single use: of two concurrent requests with the right code, only the one that deletes it wins.
  const consumed = await db.query('DELETE FROM email_codes WHERE id = $1 RETURNING 1', [id]);
  if (!consumed.rows.length) throw badRequest(failureDetail, 'otp_invalid');
  await db.query('DELETE FROM email_codes WHERE user_id = $1 AND purpose = $2', [userId, purpose]);
}

/**
 * Checks a code opened from its mail's link: the long key proves the mailbox, so no try limit
 * applies and strangers' guesses cannot spend it. The typed digits must match the same code.
 */
export async function consumeLinkedCode(
  db: Queryable,
  secret: string,
  userId: string,
  purpose: CodePurpose,
  code: string,
  key: string,
  failureDetail: string = MSG.otpFailed,
): Promise<void> {
  const r = await db.query<{ id: string; code_hash: string }>(
    `SELECT id::text, code_hash FROM email_codes
      WHERE user_id = $1 AND purpose = $2 AND link_key_hash = $3 AND expires_at > now()`,
    [userId, purpose, keyHash(secret, userId, purpose, key)],
  );
  const row = r.rows[0];
  if (!row || !safeEqual(row.code_hash, codeHash(secret, userId, purpose, code))) throw badRequest(failureDetail, 'otp_invalid');
  await spend(db, userId, purpose, row.id, failureDetail);
}

/**
 * Checks a typed code against every live code of the account that has tries left, taking one
 * try from each in a single UPDATE, so concurrent guesses never get past OTP.maxAttempts per
 * code; a newer code has tries of its own. Tries are committed even though the request fails,
 * so the caller must run this outside a rolled-back transaction.
 */
export async function consumeCode(
  db: Queryable,
  secret: string,
  userId: string,
  purpose: CodePurpose,
  code: string,
  failureDetail: string = MSG.otpFailed,
): Promise<void> {
  const taken = await db.query<{ id: string; code_hash: string }>(
    `UPDATE email_codes SET attempts = attempts + 1
      WHERE user_id = $1 AND purpose = $2 AND attempts < $3 AND expires_at > now()
      RETURNING id::text, code_hash`,
    [userId, purpose, OTP.maxAttempts],
  );
  if (!taken.rows.length) {
    const r = await db.query<{ live: boolean }>(
      'SELECT bool_or(expires_at > now()) AS live FROM email_codes WHERE user_id = $1 AND purpose = $2',
      [userId, purpose],
    );
    const live = r.rows[0]?.live;
    if (live === null || live === undefined) throw badRequest(failureDetail, 'otp_invalid');
    if (live) throw new AppError(429, MSG.otpTooManyAttempts, 'otp_locked');
    throw badRequest(MSG.otpExpired, 'otp_expired');
  }
  const hash = codeHash(secret, userId, purpose, code);
  const match = taken.rows.find((row) => safeEqual(row.code_hash, hash));
  if (!match) throw badRequest(failureDetail, 'otp_invalid');
  await spend(db, userId, purpose, match.id, failureDetail);
}
