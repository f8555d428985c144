import { MSG, PRODUCT_NAME } from '@assay/shared';
import { generateRegistrationOptions, verifyRegistrationResponse } from '@simplewebauthn/server';
import type { z } from 'zod';
import type { passkeyRegisterRequest } from '@assay/shared';
import type { Deps } from '../../deps.ts';
import type { Queryable } from '../../db/client.ts';
import { badRequest, conflict, notFound, unauthorized } from '../../lib/errors.ts';
import { queueMail } from '../mail/index.ts';
import { findUserById } from '../users/index.ts';
import { confirmPassword } from './confirm-password.ts';
import { securityNoticeMail } from './mail-templates.ts';
import { CHALLENGE_TIMEOUT_MS, challengeOf, relyingParty, storeChallenge, takeChallenge } from './webauthn-challenges.ts';

/**
 * Profile → Security: adding, naming and removing passkeys (decision 193). Adding one asks for the
 * password again (a passkey opens the account without it, so a borrowed session must not mint
 * one); adding and removing are mailed like every other change of a factor.
 */

/** Enough for every device a person owns; bounds what one account can store. */
const MAX_PASSKEYS = 20;

interface PasskeyRow {
  id: string;
  name: string;
  created_at: Date;
  last_used_at: Date | null;
  backed_up: boolean;
}
const COLUMNS = 'id::text, name, created_at, last_used_at, backed_up';
const view = (r: PasskeyRow) => ({
  id: Number(r.id),
  name: r.name,
  created_at: r.created_at.toISOString(),
  last_used_at: r.last_used_at?.toISOString() ?? null,
  synced: r.backed_up,
});

export async function listPasskeys(db: Queryable, userId: string) {
  const r = await db.query<PasskeyRow>(`SELECT ${COLUMNS} FROM passkeys WHERE user_id = $1 ORDER BY created_at, id`, [userId]);
  return { passkeys: r.rows.map(view) };
}

export async function hasPasskey(db: Queryable, userId: string): Promise<boolean> {
  return (await db.query('SELECT 1 FROM passkeys WHERE user_id = $1 LIMIT 1', [userId])).rows.length > 0;
}

/** The user handle a passkey stores: the account's id as bytes (no e-mail address, which can change). */
const userHandle = (userId: string) => new Uint8Array(Buffer.from(userId.replace(/-/g, ''), 'hex'));

export async function passkeyRegistrationOptions(deps: Deps, userId: string, password: string) {
  const user = await confirmPassword(deps, userId, password);
  const existing = await deps.db.query<{ credential_id: string; transports: string[] }>(
    'SELECT credential_id, transports FROM passkeys WHERE user_id = $1',
    [userId],
  );
  if (existing.rows.length >= MAX_PASSKEYS) throw badRequest(`An account can have up to ${MAX_PASSKEYS} passkeys. Remove one first.`, 'passkey_limit');
  const rp = relyingParty(deps.config);
  const options = await generateRegistrationOptions({
    rpName: PRODUCT_NAME,
    rpID: rp.rpID,
    userName: user.email,
    userDisplayName: user.name,
    userID: userHandle(userId),
    timeout: CHALLENGE_TIMEOUT_MS,
    attestationType: 'none',
    // One credential per authenticator: the browser says so instead of making a second.
    excludeCredentials: existing.rows.map((c) => ({ id: c.credential_id, transports: c.transports })),
    // Discoverable, so it can sign in without an e-mail address typed first.
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  await storeChallenge(deps.db, options.challenge, 'register', { userId });
  return { options: options as unknown as Record<string, unknown> };
}

export async function registerPasskey(deps: Deps, userId: string, body: z.output<typeof passkeyRegisterRequest>) {
  const { db, config } = deps;
  const user = await findUserById(db, userId);
  if (!user) throw unauthorized();
  const challenge = challengeOf(body.response.response.clientDataJSON);
  const taken = await takeChallenge(db, challenge, 'register');
  // A challenge issued to another account is as good as none.
  if (!taken || taken.userId !== userId) throw badRequest(MSG.passkeyExpired, 'passkey_expired');
  const rp = relyingParty(config);
  const verified = await verifyRegistrationResponse({
    response: body.response,
    expectedChallenge: challenge!,
    expectedOrigin: rp.origin,
    expectedRPID: rp.rpID,
    requireUserVerification: false,
  }).catch(() => undefined);
  if (!verified?.verified) throw badRequest(MSG.passkeyFailed, 'passkey_invalid');
  const { credential, credentialBackedUp } = verified.registrationInfo;
  return db.transaction(async (tx) => {
    const r = await tx.query<PasskeyRow>(
      `INSERT INTO passkeys (user_id, credential_id, public_key, counter, transports, name, backed_up)
       VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (credential_id) DO NOTHING RETURNING ${COLUMNS}`,
      [userId, credential.id, Buffer.from(credential.publicKey).toString('base64url'), credential.counter,
        credential.transports ?? [], body.name, credentialBackedUp],
    );
    if (!r.rows[0]) throw conflict(MSG.passkeyAlreadyRegistered, 'passkey_exists');
    await queueMail(deps.queue, tx, securityNoticeMail(user.email, user.name, {
      subject: 'A passkey was added',
      what: `A passkey named “${body.name}” was added to your account: it signs in without your password`,
    }, new Date(), config.PUBLIC_URL));
    return view(r.rows[0]);
  });
}

export async function renamePasskey(db: Queryable, userId: string, id: number, name: string) {
  const r = await db.query<PasskeyRow>(
    `UPDATE passkeys SET name = $3 WHERE id = $1 AND user_id = $2 RETURNING ${COLUMNS}`,
    [id, userId, name],
  );
  // Another member's passkey is a 404, like a missing one.
  if (!r.rows[0]) throw notFound(MSG.passkeyNotFound, 'passkey_not_found');
  return view(r.rows[0]);
}

/**
 * Removing asks for no password: it takes a way in away and gives none, and the member is told.
 * The code step falls back to the authenticator app and recovery codes.
 */
export async function removePasskey(deps: Deps, userId: string, id: number) {
  const user = await findUserById(deps.db, userId);
  if (!user) throw unauthorized();
  await deps.db.transaction(async (tx) => {
    const r = await tx.query<{ name: string }>('DELETE FROM passkeys WHERE id = $1 AND user_id = $2 RETURNING name', [id, userId]);
    if (!r.rows[0]) throw notFound(MSG.passkeyNotFound, 'passkey_not_found');
    await queueMail(deps.queue, tx, securityNoticeMail(user.email, user.name, {
      subject: 'A passkey was removed',
      what: `The passkey named “${r.rows[0].name}” was removed from your account: it no longer signs in`,
    }, new Date(), deps.config.PUBLIC_URL));
  });
  return { message: MSG.passkeyRemoved };
}
