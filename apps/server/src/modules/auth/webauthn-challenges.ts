import type { Queryable } from '../../db/client.ts';
import type { Config } from '../../config/env.ts';

/**
 * WebAuthn's relying party is this site as its public URL names it (decision 193): the RP ID is
 * its host name and the only accepted origin is its origin. Browsers refuse WebAuthn on IP
 * addresses, so a deployment (and an e2e run) must use a name such as `localhost`.
 */
export function relyingParty(config: Pick<Config, 'PUBLIC_URL'>) {
  const url = new URL(config.PUBLIC_URL);
  return { rpID: url.hostname, origin: url.origin };
}

/** How long a browser has to answer: the prompt, plus a person finding her phone. */
export const CHALLENGE_MINUTES = 5;
export const CHALLENGE_TIMEOUT_MS = CHALLENGE_MINUTES * 60_000;

/**
 * What a challenge is for. Operators' ceremonies have their own purposes (decision 228), so a
 * challenge handed to an operator can never finish a member's ceremony, nor the other way round;
 * `reauth` confirms a signed-in member before she changes her e-mail address.
 */
export type ChallengePurpose = 'register' | 'sign_in' | 'second_factor' | 'reauth' | 'operator_register' | 'operator_second_factor';

export async function storeChallenge(
  db: Queryable,
  challenge: string,
  purpose: ChallengePurpose,
  bound: { userId?: string; operatorId?: string; signInChallengeId?: string } = {},
) {
  await db.query('DELETE FROM webauthn_challenges WHERE expires_at <= now()');
  await db.query(
    `INSERT INTO webauthn_challenges (challenge, purpose, user_id, operator_id, sign_in_challenge, expires_at)
     VALUES ($1, $2, $3, $4, $5, now() + make_interval(mins => $6))`,
    [challenge, purpose, bound.userId ?? null, bound.operatorId ?? null, bound.signInChallengeId ?? null, CHALLENGE_MINUTES],
  );
}

/** The challenge the browser signed, read from its clientDataJSON (checked again by the verifier). */
export function challengeOf(clientDataJSON: string): string | undefined {
  try {
    const parsed = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as { challenge?: unknown };
    return typeof parsed.challenge === 'string' && parsed.challenge.length <= 200 ? parsed.challenge : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Spends a challenge: one DELETE, so of two answers naming it only one gets it, and a spent or
 * expired one is gone. Answers whom it was issued to, or undefined.
 */
export async function takeChallenge(db: Queryable, challenge: string | undefined, purpose: ChallengePurpose) {
  if (!challenge) return undefined;
  const r = await db.query<{ user_id: string | null; operator_id: string | null; sign_in_challenge: string | null; live: boolean }>(
    `DELETE FROM webauthn_challenges WHERE challenge = $1 AND purpose = $2
     RETURNING user_id, operator_id, sign_in_challenge::text, expires_at > now() AS live`,
    [challenge, purpose],
  );
  const row = r.rows[0];
  return row?.live ? { userId: row.user_id, operatorId: row.operator_id, signInChallengeId: row.sign_in_challenge } : undefined;
}
