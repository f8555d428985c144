import type { PasskeyAuthenticationResponse } from '@assay/shared';
import { verifyAuthenticationResponse } from '@simplewebauthn/server';
import type { Config } from '../../config/env.ts';
import type { Queryable } from '../../db/client.ts';
import { relyingParty } from './webauthn-challenges.ts';

/** Whose passkey: a member's (`user_id`) or an operator's (`operator_id`), decision 228. */
export type PasskeyOwnerKind = 'member' | 'operator';
/** The column naming the owner; never taken from a request. */
export const ownerColumn = (kind: PasskeyOwnerKind) => (kind === 'operator' ? 'operator_id' : 'user_id');

interface PasskeyRow {
  id: string;
  owner_id: string;
  credential_id: string;
  public_key: string;
  counter: string;
  transports: string[];
}

/**
 * Checks a passkey's signature over a challenge we issued and already spent (decision 193), and
 * moves its counter on. `kind` says whose passkeys may answer — a member's or an operator's
 * (decision 228) — so the other kind's credential is as good as an unknown one; `owner` limits it
 * further to one account's passkeys (the code step), so another account's credential is refused.
 * Answers the account, or undefined for any failure.
 */
export async function verifyPasskeyAssertion(
  db: Queryable,
  config: Pick<Config, 'PUBLIC_URL'>,
  response: PasskeyAuthenticationResponse,
  expectedChallenge: string,
  opts: { kind?: PasskeyOwnerKind; owner?: string; requireUserVerification: boolean },
): Promise<{ ownerId: string; passkeyId: string } | undefined> {
  const col = ownerColumn(opts.kind ?? 'member');
  const found = await db.query<PasskeyRow>(
    `SELECT id::text, ${col} AS owner_id, credential_id, public_key, counter::text, transports FROM passkeys
      WHERE credential_id = $1 AND ${col} IS NOT NULL AND ($2::uuid IS NULL OR ${col} = $2)`,
    [response.id, opts.owner ?? null],
  );
  const key = found.rows[0];
  if (!key) return undefined;
  const rp = relyingParty(config);
  const verified = await verifyAuthenticationResponse({
    response: { ...response, clientExtensionResults: {} },
    expectedChallenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.rpID,
    credential: {
      id: key.credential_id,
      publicKey: new Uint8Array(Buffer.from(key.public_key, 'base64url')),
      counter: Number(key.counter),
      transports: key.transports,
    },
    requireUserVerification: opts.requireUserVerification,
  }).catch(() => undefined);
  if (!verified?.verified) return undefined;
  // The counter must move on from the one we hold (the library checked against our read; this
  // UPDATE holds against a concurrent use of the same assertion). Authenticators that keep no
  // counter (synced passkeys) send 0 each time, which stays allowed only while ours is 0 too.
  const next = verified.authenticationInfo.newCounter;
  const moved = await db.query(
    `UPDATE passkeys SET counter = $2, last_used_at = now()
      WHERE id = $1 AND (counter < $2 OR ($2 = 0 AND counter = 0)) RETURNING 1`,
    [key.id, next],
  );
  return moved.rows.length ? { ownerId: key.owner_id, passkeyId: key.id } : undefined;
}
