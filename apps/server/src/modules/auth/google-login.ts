import { MSG } from '@assay/shared';
import type { Deps } from '../../deps.ts';
import { AppError, conflict, unauthorized } from '../../lib/errors.ts';
import { signPurposeToken } from '../../lib/jwt.ts';
import { toUserView, USER_COLUMNS, type UserRow } from '../users/index.ts';
import { accountActivated } from './account-activated.ts';
import { openSession, type SessionMeta } from './session-tokens.ts';
import { openChallenge } from './sign-in-challenge.ts';
import { hasTotp } from './totp.ts';

export const PROFILE_TOKEN_PURPOSE = 'complete_profile';

/**
 * Signs in with a Google ID token. A first sign-in creates a verified account (Google has
 * verified the email); an existing account with the same email is linked. Without a phone
 * number the answer is profile_incomplete plus a short-lived token to finish the profile.
 */
export async function googleLogin(deps: Deps, credential: string, meta: SessionMeta) {
  const { db, config, google } = deps;
  if (!google.clientId) throw new AppError(503, MSG.googleUnavailable, 'google_unavailable');
  const identity = await google.verify(credential).catch((err: unknown) => {
    deps.log.info({ reason: err instanceof Error ? err.message : String(err) }, 'google token rejected');
    // Google's keys could not be fetched: our outage, not a bad token.
    if (isKeyFetchFailure(err)) throw new AppError(503, MSG.googleError, 'google_keys_unavailable');
    throw unauthorized(MSG.googleInvalidToken, 'google_invalid_token');
  });
  if (!identity.emailVerified) throw unauthorized(MSG.googleInvalidToken, 'google_email_unverified');

  const user = await db.transaction(async (tx) => {
    const found = await tx.query<UserRow>(
      `SELECT ${USER_COLUMNS} FROM users WHERE google_sub = $1 OR email = $2
        ORDER BY (google_sub = $1) DESC NULLS LAST LIMIT 1 FOR UPDATE`,
      [identity.sub, identity.email],
    );
    const existing = found.rows[0];
    if (existing?.google_sub && existing.google_sub !== identity.sub) {
      throw conflict('This email is already linked to another Google account.', 'google_account_conflict');
    }
    if (existing?.is_verified) {
      const r = await tx.query<UserRow>(`UPDATE users SET google_sub = $2 WHERE id = $1 RETURNING ${USER_COLUMNS}`, [
        existing.id,
        identity.sub,
      ]);
      return r.rows[0]!;
    }
    if (existing) {
      // An unverified sign-up never proved it owns this mailbox; Google just did. Its details
      // and password came from whoever signed up, so they are dropped (no pre-hijacking).
      const r = await tx.query<UserRow>(
        `UPDATE users SET google_sub = $2, is_verified = true, name = $3, phone = NULL, password_hash = NULL,
              signup_password_hashes = '{}'
          WHERE id = $1 RETURNING ${USER_COLUMNS}`,
        [existing.id, identity.sub, identity.name],
      );
      await tx.query('DELETE FROM email_codes WHERE user_id = $1', [existing.id]);
      await accountActivated(tx, existing.id);
      return r.rows[0]!;
    }
    const r = await tx.query<UserRow>(
      `INSERT INTO users (name, email, google_sub, is_verified) VALUES ($1, $2, $3, true)
       RETURNING ${USER_COLUMNS}`,
      [identity.name, identity.email, identity.sub],
    );
    await accountActivated(tx, r.rows[0]!.id);
    return r.rows[0]!;
  });

  if (!user.phone) {
    return {
      profile_incomplete: true as const,
      user: toUserView(user),
      message: 'Please add your phone number to finish setting up your account.',
      profile_token: await signPurposeToken(config.JWT_SECRET, PROFILE_TOKEN_PURPOSE, user.id, 30),
    };
  }
  // A password account that also signs in with Google keeps its authenticator (decision 190).
  if (await hasTotp(db, user.id)) return openChallenge(db, user.id, meta);
  return db.transaction((tx) => openSession(tx, config.JWT_SECRET, user, meta));
}

function isKeyFetchFailure(err: unknown): boolean {
  const code = (err as { code?: string }).code;
  return code === 'ERR_JWKS_TIMEOUT' || (err instanceof TypeError && /fetch/i.test(err.message)) || code === 'ERR_JOSE_GENERIC';
}
