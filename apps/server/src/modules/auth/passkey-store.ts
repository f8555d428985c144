import { MSG, PRODUCT_NAME, type PasskeyAuthenticationResponse, type PasskeyRegistrationResponse, type PasskeyView } from '@assay/shared';
import { generateAuthenticationOptions, generateRegistrationOptions, verifyRegistrationResponse } from '@simplewebauthn/server';
import type { Config } from '../../config/env.ts';
import type { Db, Queryable } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { ownerColumn, verifyPasskeyAssertion, type PasskeyOwnerKind } from './passkey-assertion.ts';

export type { PasskeyOwnerKind };
import {
  CHALLENGE_TIMEOUT_MS,
  challengeOf,
  relyingParty,
  storeChallenge,
  takeChallenge,
  type ChallengePurpose,
} from './webauthn-challenges.ts';

/*
 * The one passkey store of members (decision 193) and operators (decision 228). A passkey names
 * exactly one owner — a member (`user_id`) or an operator (`operator_id`) — and every read here
 * goes through the owner's column, so one kind's credential never answers for the other kind.
 * Callers add what differs: members are asked for the password and mailed, operators audited.
 */

export interface PasskeyOwner {
  kind: PasskeyOwnerKind;
  id: string;
}

/** The challenge purpose of adding a passkey, by owner kind. */
const registerPurpose = (kind: PasskeyOwnerKind): ChallengePurpose => (kind === 'operator' ? 'operator_register' : 'register');
/** Challenges are bound to the owner in the column of its kind. */
export const challengeBinding = (owner: PasskeyOwner) => (owner.kind === 'operator' ? { operatorId: owner.id } : { userId: owner.id });

/** Enough for every device a person owns; bounds what one account can store. */
export const MAX_PASSKEYS = 20;

interface PasskeyRow {
  id: string;
  name: string;
  created_at: Date;
  last_used_at: Date | null;
  backed_up: boolean;
}
const COLUMNS = 'id::text, name, created_at, last_used_at, backed_up';
const view = (r: PasskeyRow): PasskeyView => ({
  id: Number(r.id),
  name: r.name,
  created_at: r.created_at.toISOString(),
  last_used_at: r.last_used_at?.toISOString() ?? null,
  synced: r.backed_up,
});

export async function listPasskeysOf(db: Queryable, owner: PasskeyOwner) {
  const r = await db.query<PasskeyRow>(`SELECT ${COLUMNS} FROM passkeys WHERE ${ownerColumn(owner.kind)} = $1 ORDER BY created_at, id`, [
    owner.id,
  ]);
  return { passkeys: r.rows.map(view) };
}

/** The owner's credentials, for the options' allow and exclude lists. */
export async function credentialsOf(db: Queryable, owner: PasskeyOwner) {
  const r = await db.query<{ credential_id: string; transports: string[] }>(
    `SELECT credential_id, transports FROM passkeys WHERE ${ownerColumn(owner.kind)} = $1 ORDER BY id`,
    [owner.id],
  );
  return r.rows.map((c) => ({ id: c.credential_id, transports: c.transports as never[] }));
}

/** The user handle a passkey stores: the account's id as bytes (no e-mail address, which can change). */
const userHandle = (id: string) => new Uint8Array(Buffer.from(id.replace(/-/g, ''), 'hex'));

/** Options for navigator.credentials.create, their challenge stored for this owner. */
export async function passkeyRegistrationOptionsFor(
  db: Queryable,
  config: Pick<Config, 'PUBLIC_URL'>,
  owner: PasskeyOwner,
  shown: { userName: string; displayName: string },
) {
  const existing = await credentialsOf(db, owner);
  if (existing.length >= MAX_PASSKEYS)
    throw badRequest(`An account can have up to ${MAX_PASSKEYS} passkeys. Remove one first.`, 'passkey_limit');
  const rp = relyingParty(config);
  const options = await generateRegistrationOptions({
    rpName: PRODUCT_NAME,
    rpID: rp.rpID,
    userName: shown.userName,
    userDisplayName: shown.displayName,
    userID: userHandle(owner.id),
    timeout: CHALLENGE_TIMEOUT_MS,
    attestationType: 'none',
    // One credential per authenticator: the browser says so instead of making a second.
    excludeCredentials: existing,
    // Discoverable, so it can sign in without an e-mail address typed first.
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  await storeChallenge(db, options.challenge, registerPurpose(owner.kind), challengeBinding(owner));
  return { options: options as unknown as Record<string, unknown> };
}

/**
 * Checks the browser's answer to those options and stores the passkey, in `tx` so the caller's
 * notice (mail, audit) goes with it. The challenge is spent first, whatever follows.
 */
export async function addPasskeyFor(
  db: Db,
  config: Pick<Config, 'PUBLIC_URL'>,
  owner: PasskeyOwner,
  body: { name: string; response: PasskeyRegistrationResponse },
  notice: (q: Queryable, added: PasskeyView) => Promise<void>,
) {
  const challenge = challengeOf(body.response.response.clientDataJSON);
  const taken = await takeChallenge(db, challenge, registerPurpose(owner.kind));
  // A challenge issued to another account is as good as none.
  const issuedTo = owner.kind === 'operator' ? taken?.operatorId : taken?.userId;
  if (!taken || issuedTo !== owner.id) throw badRequest(MSG.passkeyExpired, 'passkey_expired');
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
  return db.transaction(async (q) => {
    // UNIQUE across both kinds: a credential a member holds cannot become an operator's too.
    const r = await q.query<PasskeyRow>(
      `INSERT INTO passkeys (${ownerColumn(owner.kind)}, credential_id, public_key, counter, transports, name, backed_up)
       VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (credential_id) DO NOTHING RETURNING ${COLUMNS}`,
      [
        owner.id,
        credential.id,
        Buffer.from(credential.publicKey).toString('base64url'),
        credential.counter,
        credential.transports ?? [],
        body.name,
        credentialBackedUp,
      ],
    );
    if (!r.rows[0]) throw conflict(MSG.passkeyAlreadyRegistered, 'passkey_exists');
    const added = view(r.rows[0]);
    await notice(q, added);
    return added;
  });
}

export async function renamePasskeyOf(db: Queryable, owner: PasskeyOwner, id: number, name: string) {
  const r = await db.query<PasskeyRow>(
    `UPDATE passkeys SET name = $3 WHERE id = $1 AND ${ownerColumn(owner.kind)} = $2 RETURNING ${COLUMNS}`,
    [id, owner.id, name],
  );
  // Another account's passkey is a 404, like a missing one.
  if (!r.rows[0]) throw notFound(MSG.passkeyNotFound, 'passkey_not_found');
  return view(r.rows[0]);
}

/** Deletes one of the owner's passkeys and answers its name; another account's is a 404. */
export async function deletePasskeyOf(db: Queryable, owner: PasskeyOwner, id: number): Promise<string> {
  const r = await db.query<{ name: string }>(`DELETE FROM passkeys WHERE id = $1 AND ${ownerColumn(owner.kind)} = $2 RETURNING name`, [
    id,
    owner.id,
  ]);
  if (!r.rows[0]) throw notFound(MSG.passkeyNotFound, 'passkey_not_found');
  return r.rows[0].name;
}

/**
 * Options for navigator.credentials.get limited to one owner's passkeys, the challenge stored for
 * `purpose` and bound to that owner (and to a sign-in, for the member's code step). 400 no_passkey
 * when the owner has none.
 */
export async function passkeyAssertionOptionsFor(
  db: Queryable,
  config: Pick<Config, 'PUBLIC_URL'>,
  owner: PasskeyOwner,
  purpose: ChallengePurpose,
  userVerification: 'required' | 'preferred',
  signInChallengeId?: string,
) {
  const allow = await credentialsOf(db, owner);
  if (!allow.length) throw badRequest(MSG.passkeyUnknown, 'no_passkey');
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(config).rpID,
    timeout: CHALLENGE_TIMEOUT_MS,
    allowCredentials: allow,
    userVerification,
  });
  await storeChallenge(db, options.challenge, purpose, { ...challengeBinding(owner), ...(signInChallengeId ? { signInChallengeId } : {}) });
  return { options: options as unknown as Record<string, unknown> };
}

/**
 * One owner's passkey answering a challenge issued to that owner for `purpose`: the challenge is
 * spent first (so a replay finds none), then the signature and counter are checked against that
 * owner's passkeys only. 'expired' for a challenge that is gone or not this owner's, 'invalid'
 * for a signature that fails or a credential that is not this owner's.
 */
export async function checkOwnerPasskey(
  db: Queryable,
  config: Pick<Config, 'PUBLIC_URL'>,
  owner: PasskeyOwner,
  purpose: ChallengePurpose,
  response: PasskeyAuthenticationResponse,
  requireUserVerification: boolean,
): Promise<'ok' | 'expired' | 'invalid'> {
  const challenge = challengeOf(response.response.clientDataJSON);
  const taken = await takeChallenge(db, challenge, purpose);
  const issuedTo = owner.kind === 'operator' ? taken?.operatorId : taken?.userId;
  if (!taken || issuedTo !== owner.id) return 'expired';
  const who = await verifyPasskeyAssertion(db, config, response, challenge!, {
    kind: owner.kind,
    owner: owner.id,
    requireUserVerification,
  });
  return who ? 'ok' : 'invalid';
}
