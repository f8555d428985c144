import { MSG, OTP, type PasskeyAuthenticationResponse } from '@assay/shared';
import type { Deps } from '../../deps.ts';
import { AppError, badRequest, conflict, unauthorized } from '../../lib/errors.ts';
import { NO_PASSWORD } from '../../lib/passwords.ts';
import { hitRateLimit } from '../../lib/rate-limit.ts';
import { hmac, randomToken } from '../../lib/secrets.ts';
import { composeMail, queueMail } from '../mail/index.ts';
import { findUserByEmail, findUserById, toUserView, USER_COLUMNS, type UserRow } from '../users/index.ts';
import { confirmPasskey, confirmPassword, confirmTotp } from './confirm-password.ts';
import { checkCode } from './otp-rate-limit.ts';
import { mailCode } from './send-fresh-code.ts';
import { revokeUserSessions } from './session-tokens.ts';

/**
 * Changing the e-mail address (decision 190): the password again (or the app's code, or a
 * passkey: decisions 193, 228), a code to the new address,
 * and a notice to the old one whose link undoes the change for REVERT_DAYS. Undoing it puts the
 * old address back, ends every session and makes the password unusable, so the only way back in
 * is a reset through the (restored) old mailbox.
 */
export const REVERT_DAYS = 7;
const revertKeyHash = (secret: string, key: string) => hmac(secret, `email-change-revert:${key}`);

interface Proof {
  password?: string | undefined;
  code?: string | undefined;
  passkey?: PasskeyAuthenticationResponse | undefined;
}

export async function requestEmailChange(deps: Deps, userId: string, newEmail: string, proof: Proof) {
  const current = await findUserById(deps.db, userId);
  if (current && !current.password_hash) throw badRequest(MSG.emailChangeGoogle, 'google_account');
  // The password, or a code from the authenticator app of an account that has one (decision 193),
  // or one of the member's passkeys (decision 228).
  const user = proof.passkey
    ? await confirmPasskey(deps, userId, proof.passkey)
    : proof.password
      ? await confirmPassword(deps, userId, proof.password)
      : await confirmTotp(deps, userId, proof.code ?? '');
  if (newEmail === user.email) throw badRequest(MSG.emailChangeSame, 'email_same');
  if (await findUserByEmail(deps.db, newEmail)) throw conflict(MSG.emailChangeTaken, 'email_taken');
  await deps.db.query('INSERT INTO email_changes (user_id, old_email, new_email) VALUES ($1, $2, $3)', [userId, user.email, newEmail]);
  // To the new address: proof that the member holds it. 429 inside the code cooldown.
  await mailCode(deps, { ...user, email: newEmail }, 'change_email', 'emailChangeCode', MSG.mailFailed);
  return { message: MSG.emailChangeCodeSent };
}

export async function confirmEmailChange(deps: Deps, userId: string, otp: string, ip: string) {
  const { db, config } = deps;
  const user = await findUserById(db, userId);
  if (!user) throw unauthorized();
  await checkCode(deps, user.email, user, 'change_email', otp, ip);
  // The address the code went to: the newest change asked for within the code's life.
  const pending = await db.query<{ id: string; new_email: string }>(
    `SELECT id::text, new_email FROM email_changes
      WHERE user_id = $1 AND changed_at IS NULL AND created_at > now() - make_interval(mins => $2)
      ORDER BY created_at DESC LIMIT 1`,
    [userId, OTP.ttlMinutes],
  );
  const change = pending.rows[0];
  if (!change) throw badRequest(MSG.emailChangeNoPending, 'email_change_expired');
  const key = randomToken(16);
  const updated = await db.transaction(async (tx) => {
    const r = await tx
      .query<UserRow>(`UPDATE users SET email = $2 WHERE id = $1 RETURNING ${USER_COLUMNS}`, [userId, change.new_email])
      .catch((err: unknown) => {
        if ((err as { code?: string }).code === '23505') throw conflict(MSG.emailChangeTaken, 'email_taken');
        throw err;
      });
    await tx.query('UPDATE email_changes SET changed_at = now(), revert_key_hash = $2 WHERE id = $1', [
      change.id,
      revertKeyHash(config.JWT_SECRET, key),
    ]);
    const revert = `${config.PUBLIC_URL}/email-change-revert#key=${key}`;
    await queueMail(
      deps.queue,
      tx,
      composeMail(config, user.email, 'securityNotice', {
        name: user.name,
        at: new Date(),
        subject: 'Your email address was changed',
        what: `The email address of your account was changed from ${user.email} to ${change.new_email}; we will write there from now on`,
        link: { href: revert, label: 'This wasn’t me: undo it and lock my account' },
      }),
    );
    return r.rows[0]!;
  });
  return toUserView(updated);
}

export async function revertEmailChange(deps: Deps, key: string, ip: string) {
  const { db, config } = deps;
  await hitRateLimit(db, `email-revert:ip:${ip}`, config.RATE_LIMIT_OTP_PER_IP, config.RATE_LIMIT_WINDOW_SECONDS);
  const invalid = new AppError(404, MSG.emailChangeRevertInvalid, 'revert_invalid');
  return db.transaction(async (tx) => {
    const r = await tx.query<{ id: string; user_id: string; old_email: string; new_email: string; changed_at: Date }>(
      `SELECT c.id::text, c.user_id, c.old_email, c.new_email, c.changed_at FROM email_changes c JOIN users u ON u.id = c.user_id
        WHERE c.revert_key_hash = $1 AND c.reverted_at IS NULL AND c.changed_at > now() - make_interval(days => $2)
        FOR UPDATE OF c, u`,
      [revertKeyHash(config.JWT_SECRET, key), REVERT_DAYS],
    );
    const change = r.rows[0];
    if (!change) throw invalid;
    // Whatever the address is now (an intruder may have changed it again), it goes back to this
    // mailbox's, which held the account before.
    const restored = await tx
      .query<UserRow>(`UPDATE users SET email = $2, password_hash = $3 WHERE id = $1 RETURNING ${USER_COLUMNS}`, [
        change.user_id,
        change.old_email,
        NO_PASSWORD,
      ])
      .catch((err: unknown) => {
        // The old address was taken since (it was free): the change stays, and we say so.
        if ((err as { code?: string }).code === '23505') throw conflict(MSG.emailChangeTaken, 'email_taken');
        throw err;
      });
    await tx.query('UPDATE email_changes SET reverted_at = now() WHERE id = $1', [change.id]);
    // A second factor added after the change is the intruder's; one from before stays the owner's.
    await tx.query('DELETE FROM totp_factors WHERE user_id = $1 AND created_at >= $2', [change.user_id, change.changed_at]);
    // Passkeys added since the change sign in without the password: the intruder's go too (decision 193).
    await tx.query('DELETE FROM passkeys WHERE user_id = $1 AND created_at >= $2', [change.user_id, change.changed_at]);
    await tx.query('DELETE FROM recovery_codes WHERE user_id = $1 AND NOT EXISTS (SELECT 1 FROM totp_factors WHERE user_id = $1)', [
      change.user_id,
    ]);
    await tx.query('DELETE FROM sign_in_challenges WHERE user_id = $1', [change.user_id]);
    await revokeUserSessions(tx, change.user_id, 'email_change_reverted');
    const user = restored.rows[0]!;
    await queueMail(
      deps.queue,
      tx,
      composeMail(config, user.email, 'securityNotice', {
        name: user.name,
        at: new Date(),
        subject: 'Your email address was changed back',
        what: `The change of your account's email address to ${change.new_email} was undone, every session was signed out and the password no longer works`,
        link: { href: `${config.PUBLIC_URL}/forgot-password`, label: 'Set a new password' },
      }),
    );
    return { message: MSG.emailChangeReverted };
  });
}
