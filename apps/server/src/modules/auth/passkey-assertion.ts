import type { PasskeyAuthenticationResponse } from '@assay/shared';
import { verifyAuthenticationResponse } from '@simplewebauthn/server';
import type { Config } from '../../config/env.ts';
import type { Queryable } from '../../db/client.ts';
import { relyingParty } from './webauthn-challenges.ts';

interface PasskeyRow {
  id: string;
  user_id: string;
  credential_id: string;
  public_key: string;
  counter: string;
  transports: string[];
}

/**
 * Checks a passkey's signature over a challenge we issued and already spent (decision 193), and
 * moves its counter on. `owner` limits it to one account's passkeys (the code step), so another
 * account's credential is refused. Answers the account, or undefined for any failure.
 */
export async function verifyPasskeyAssertion(
  db: Queryable,
  config: Pick<Config, 'PUBLIC_URL'>,
  response: PasskeyAuthenticationResponse,
  expectedChallenge: string,
  opts: { owner?: string; requireUserVerification: boolean },
): Promise<{ userId: string; passkeyId: string } | undefined> {
  const found = await db.query<PasskeyRow>(
    `SELECT id::text, user_id, credential_id, public_key, counter::text, transports FROM passkeys
      WHERE credential_id = $1 AND ($2::uuid IS NULL OR user_id = $2)`,
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
  return moved.rows.length ? { userId: key.user_id, passkeyId: key.id } : undefined;
}
