import { MSG, OTP, type PasskeyAuthenticationResponse } from '@assay/shared';
import { generateAuthenticationOptions } from '@simplewebauthn/server';
import type { Deps } from '../../deps.ts';
import { issueDeviceCookie, readDeviceCookie } from '../../lib/device-cookie.ts';
import { badRequest, unauthorized } from '../../lib/errors.ts';
import { assertUnderLimits, countHit, hitRateLimit, type FailureLimit } from '../../lib/rate-limit.ts';
import { sha256 } from '../../lib/secrets.ts';
import { findUserById } from '../users/index.ts';
import { finishSignIn } from './complete-second-factor.ts';
import { mailNewSignIn } from './new-sign-in-notice.ts';
import { verifyPasskeyAssertion } from './passkey-assertion.ts';
import { passkeyAssertionOptionsFor } from './passkey-store.ts';
import { openSession, type SessionMeta } from './session-tokens.ts';
import { CHALLENGE_TIMEOUT_MS, challengeOf, relyingParty, storeChallenge, takeChallenge } from './webauthn-challenges.ts';

/*
 * Signing in with a passkey (decision 193), instead of the password or as the code step's second
 * factor. A passkey's answer is a signature no one can guess, so failures count per address only:
 * there is no per-account counter a stranger could fill to lock the owner out of her passkeys.
 */

const perIp = (deps: Deps, ip: string): FailureLimit[] => [
  { key: `passkey:ip:${ip}`, limit: deps.config.RATE_LIMIT_LOGIN_PER_IP, windowSeconds: deps.config.RATE_LIMIT_WINDOW_SECONDS },
];

/** Options for any of this site's passkeys (the browser offers the ones it holds). */
export async function passkeySignInOptions(deps: Deps, ip: string) {
  // Each answer stores a challenge; an address gets a bounded number a window.
  await hitRateLimit(deps.db, `passkey-options:ip:${ip}`, deps.config.RATE_LIMIT_LOGIN_PER_IP, deps.config.RATE_LIMIT_WINDOW_SECONDS);
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(deps.config).rpID,
    timeout: CHALLENGE_TIMEOUT_MS,
    // In place of the password: the authenticator must check its user (PIN, fingerprint, face),
    // which makes the passkey both factors at once.
    userVerification: 'required',
  });
  await storeChallenge(deps.db, options.challenge, 'sign_in');
  return { options: options as unknown as Record<string, unknown> };
}

export async function passkeySignIn(
  deps: Deps,
  response: PasskeyAuthenticationResponse,
  meta: SessionMeta & { ip: string; deviceCookie: string | undefined },
) {
  const { db, config } = deps;
  const limits = perIp(deps, meta.ip);
  await assertUnderLimits(db, limits);
  const challenge = challengeOf(response.response.clientDataJSON);
  const taken = await takeChallenge(db, challenge, 'sign_in');
  const failed = async (detail: string, code: string) => {
    await countHit(db, limits);
    return unauthorized(detail, code);
  };
  if (!taken) throw await failed(MSG.passkeyExpired, 'passkey_expired');
  const who = await verifyPasskeyAssertion(db, config, response, challenge!, { kind: 'member', requireUserVerification: true });
  if (!who) throw await failed(MSG.passkeyFailed, 'passkey_invalid');
  const user = await findUserById(db, who.ownerId);
  if (!user?.is_verified) throw await failed(MSG.passkeyFailed, 'passkey_invalid');
  const device = readDeviceCookie(config.JWT_SECRET, 'member', meta.deviceCookie);
  const trusted = device?.accountId === user.id;
  const session = await db.transaction(async (tx) => {
    if (!trusted) await mailNewSignIn(deps, tx, user, meta);
    return openSession(tx, config.JWT_SECRET, user, meta);
  });
  return { ...session, device_cookie: issueDeviceCookie(config.JWT_SECRET, 'member', user.id), known_device: trusted };
}

/** The code step's sign-in challenge, while it is live and has tries left. */
async function liveSignIn(deps: Deps, challenge: string) {
  const r = await deps.db.query<{ id: string; user_id: string }>(
    'SELECT id::text, user_id FROM sign_in_challenges WHERE token_hash = $1 AND expires_at > now() AND attempts < $2',
    [sha256(challenge), OTP.maxAttempts],
  );
  return r.rows[0];
}

/** At the code step: options for this account's passkeys only. */
export async function passkeySecondFactorOptions(deps: Deps, challenge: string, ip: string) {
  const limits = perIp(deps, ip);
  await assertUnderLimits(deps.db, limits);
  const signIn = await liveSignIn(deps, challenge);
  if (!signIn) {
    await countHit(deps.db, limits);
    throw unauthorized(MSG.secondFactorExpired, 'second_factor_expired');
  }
  // The password was the first factor; the passkey is the second, as a security key would be.
  return passkeyAssertionOptionsFor(deps.db, deps.config, { kind: 'member', id: signIn.user_id }, 'second_factor', 'preferred', signIn.id);
}

/**
 * The code step answered with a passkey: one of the code step's tries, the passkey challenge
 * issued for this very sign-in, and a passkey of this account (another account's is refused).
 */
export async function completeSecondFactorWithPasskey(
  deps: Deps,
  challenge: string,
  response: PasskeyAuthenticationResponse,
  req: { ip: string; deviceCookie: string | undefined },
) {
  const { db, config } = deps;
  const limits = perIp(deps, req.ip);
  await assertUnderLimits(db, limits);
  const expired = unauthorized(MSG.secondFactorExpired, 'second_factor_expired');
  const taken = await db.query<{ id: string; user_id: string; remember: boolean; user_agent: string | null }>(
    `UPDATE sign_in_challenges SET attempts = attempts + 1
      WHERE token_hash = $1 AND expires_at > now() AND attempts < $2
      RETURNING id::text, user_id, remember, user_agent`,
    [sha256(challenge), OTP.maxAttempts],
  );
  const ch = taken.rows[0];
  if (!ch) {
    await countHit(db, limits);
    throw expired;
  }
  const webauthnChallenge = challengeOf(response.response.clientDataJSON);
  const issued = await takeChallenge(db, webauthnChallenge, 'second_factor');
  // The passkey challenge must be the one issued for this very sign-in.
  const fits = !!issued && issued.signInChallengeId === ch.id && issued.userId === ch.user_id;
  const who = fits
    ? await verifyPasskeyAssertion(db, config, response, webauthnChallenge!, {
        kind: 'member',
        owner: ch.user_id,
        requireUserVerification: false,
      })
    : undefined;
  if (!who) {
    await countHit(db, limits);
    throw badRequest(fits ? MSG.passkeyFailed : MSG.passkeyExpired, fits ? 'passkey_invalid' : 'passkey_expired');
  }
  const device = readDeviceCookie(config.JWT_SECRET, 'member', req.deviceCookie);
  return finishSignIn(deps, challenge, ch.user_id, ch, { ip: req.ip, trusted: device?.accountId === ch.user_id });
}
