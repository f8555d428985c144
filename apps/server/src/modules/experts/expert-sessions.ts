import { EXPERT_MESSAGES, OTP, type ExpertMe, type SecondFactorChallenge } from '@assay/shared';
import type { FastifyReply } from 'fastify';
import type { Config } from '../../config/env.ts';
import type { Deps } from '../../deps.ts';
import type { Queryable } from '../../db/client.ts';
import { EXPERT_COOKIE_PATH, EXPERT_SESSION_COOKIE, EXPERT_SESSION_HOURS, type ExpertAuth } from '../../http/expert-guard.ts';
import { deviceCookieOptions, issueDeviceCookie, readDeviceCookie } from '../../lib/device-cookie.ts';
import { badRequest, unauthorized } from '../../lib/errors.ts';
import { dummyHash, hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { assertUnderLimits, clearRateLimit, countHit, type FailureLimit } from '../../lib/rate-limit.ts';
import { randomToken, sha256 } from '../../lib/secrets.ts';
import { hasTotp } from '../auth/index.ts';
import { auditExpert } from '../operators/index.ts';
import { EXPERT_SELECT, toExpertMe, type ExpertRow } from './expert-row.ts';

type SessionDeps = Pick<Deps, 'db' | 'config'>;

/**
 * The expert device cookie (decision 235, as decision 050's for members and operators): signed,
 * httpOnly, naming the expert, set once a sign-in is complete (after the code when there is one).
 * A browser holding it has its own failure budget at sign-in and at the code step, so strangers'
 * failures on the expert's address never lock the expert out of a browser used before.
 */
export const EXPERT_DEVICE_COOKIE = 'assay_expert_device';
const EXPERT_DEVICE_PATH = '/api/expert/login';

/** The browser the expert signs in from, when it holds this expert's device cookie. */
export const trustedDevice = (config: Pick<Config, 'JWT_SECRET'>, expertId: string | undefined, cookie: string | undefined) => {
  const device = readDeviceCookie(config.JWT_SECRET, 'expert', cookie);
  return expertId && device?.accountId === expertId ? device : undefined;
};

export function setExpertDeviceCookie(config: Pick<Config, 'JWT_SECRET' | 'secureCookies'>, reply: FastifyReply, expertId: string) {
  reply.setCookie(
    EXPERT_DEVICE_COOKIE,
    issueDeviceCookie(config.JWT_SECRET, 'expert', expertId),
    deviceCookieOptions(config.secureCookies, EXPERT_DEVICE_PATH),
  );
}

export async function openExpertSession(tx: Queryable, reply: FastifyReply, secure: boolean, expertId: string) {
  const token = randomToken(32);
  await tx.query(`INSERT INTO expert_sessions (expert_id, token_sha256, expires_at) VALUES ($1, $2, now() + make_interval(hours => $3))`, [
    expertId,
    sha256(token),
    EXPERT_SESSION_HOURS,
  ]);
  reply.setCookie(EXPERT_SESSION_COOKIE, token, {
    path: EXPERT_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure,
    maxAge: EXPERT_SESSION_HOURS * 3600,
  });
}

/**
 * The step between a right password and a session for an expert with an app (decision 190's
 * challenge): opaque, stored hashed, good for OTP.ttlMinutes and OTP.maxAttempts codes.
 */
async function openExpertChallenge(db: Queryable, expertId: string): Promise<SecondFactorChallenge> {
  const token = randomToken(24);
  await db.query('DELETE FROM expert_sign_in_challenges WHERE expert_id = $1 AND expires_at <= now()', [expertId]);
  await db.query(
    `INSERT INTO expert_sign_in_challenges (token_hash, expert_id, expires_at) VALUES ($1, $2, now() + make_interval(mins => $3))`,
    [sha256(token), expertId, OTP.ttlMinutes],
  );
  return { second_factor_required: true, challenge: token, methods: ['totp', 'recovery_code'] };
}

/** The expert as the portal shows them, with their second factor's state (decision 235). */
export async function readMe(db: Queryable, config: Pick<Config, 'EXPERT_REQUIRE_2FA'>, id: string): Promise<ExpertMe> {
  const row = (await db.query<ExpertRow>(`${EXPERT_SELECT} WHERE e.id = $1`, [id])).rows[0]!;
  const totp = await hasTotp(db, id, 'expert');
  return toExpertMe(row, { totp_enabled: totp, two_factor_required: config.EXPERT_REQUIRE_2FA && !totp });
}

/**
 * The invitation link sets the expert's first password (the member rules, checked by the schema)
 * and signs them in. The token works once: the same UPDATE that sets the password clears it.
 */
export async function acceptInvitation(deps: SessionDeps, reply: FastifyReply, token: string, password: string): Promise<ExpertMe> {
  const hash = await hashPassword(password, deps.config.PASSWORD_HASH_COST);
  return deps.db.transaction(async (tx) => {
    const r = await tx.query<{ id: string; email: string }>(
      `UPDATE experts SET password_hash = $2, invite_token_sha256 = NULL, invite_expires_at = NULL
        WHERE invite_token_sha256 = $1 AND invite_expires_at > now() RETURNING id, email`,
      [sha256(token), hash],
    );
    const row = r.rows[0];
    if (!row) throw badRequest(EXPERT_MESSAGES.invitationInvalid, 'invitation_invalid');
    await openExpertSession(tx, reply, deps.config.secureCookies, row.id);
    await auditExpert(tx, row, 'expert.sign_in', `expert:${row.id}`, { via: 'invitation' });
    setExpertDeviceCookie(deps.config, reply, row.id);
    return readMe(tx, deps.config, row.id);
  });
}

/**
 * E-mail and password. Unknown e-mails are checked against a dummy hash (no timing oracle);
 * failures count per e-mail and per address as the members' sign-in does (lib/rate-limit.ts),
 * except from a browser holding this expert's device cookie, which has only its own budget
 * (decision 235): strangers' failures cannot lock the expert out of a browser used before.
 * An expert with an authenticator app gets a challenge for its code, not a session.
 */
export async function expertLogin(
  deps: SessionDeps,
  reply: FastifyReply,
  email: string,
  password: string,
  req: { ip: string; deviceCookie: string | undefined },
): Promise<ExpertMe | SecondFactorChallenge> {
  const windowSeconds = deps.config.OPERATOR_LOCKOUT_MINUTES * 60;
  const row = (
    await deps.db.query<{ id: string; email: string; password_hash: string | null }>(
      'SELECT id, email, password_hash FROM experts WHERE email = $1',
      [email],
    )
  ).rows[0];
  const device = trustedDevice(deps.config, row?.id, req.deviceCookie);
  const limits: FailureLimit[] = device
    ? [{ key: `expert:device:${device.id}`, limit: deps.config.TRUSTED_DEVICE_FAILURES, windowSeconds }]
    : [
        { key: `expert:email:${email.slice(0, 254)}`, limit: deps.config.OPERATOR_LOCKOUT_FAILURES, windowSeconds },
        { key: `expert:ip:${req.ip}`, limit: deps.config.OPERATOR_FAILURES_PER_IP, windowSeconds },
      ];
  await assertUnderLimits(deps.db, limits);
  const ok = await verifyPassword(password, row?.password_hash ?? (await dummyHash(deps.config.PASSWORD_HASH_COST)));
  if (!row?.password_hash || !ok) {
    await countHit(deps.db, limits);
    throw unauthorized(EXPERT_MESSAGES.invalidCredentials, 'invalid_credentials');
  }
  await clearRateLimit(deps.db, limits[0]!.key);
  // The device cookie waits for the code: a password alone never makes a browser trusted.
  if (await hasTotp(deps.db, row.id, 'expert')) return openExpertChallenge(deps.db, row.id);
  return deps.db.transaction(async (tx) => {
    await openExpertSession(tx, reply, deps.config.secureCookies, row.id);
    await auditExpert(tx, row, 'expert.sign_in', `expert:${row.id}`);
    setExpertDeviceCookie(deps.config, reply, row.id);
    return readMe(tx, deps.config, row.id);
  });
}

export async function expertLogout(deps: Pick<Deps, 'db'>, reply: FastifyReply, who: ExpertAuth) {
  await deps.db.query('UPDATE expert_sessions SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL', [who.sessionId]);
  reply.clearCookie(EXPERT_SESSION_COOKIE, { path: EXPERT_COOKIE_PATH });
  return { message: 'Signed out' };
}

export async function expertMe(deps: SessionDeps, who: ExpertAuth): Promise<ExpertMe> {
  return readMe(deps.db, deps.config, who.id);
}

/** The confidentiality undertaking, accepted once (a repeat keeps the first time) and on the record. */
export async function acceptUndertaking(deps: SessionDeps, who: ExpertAuth): Promise<ExpertMe> {
  return deps.db.transaction(async (tx) => {
    const r = await tx.query(
      'UPDATE experts SET undertaking_accepted_at = now() WHERE id = $1 AND undertaking_accepted_at IS NULL RETURNING id',
      [who.id],
    );
    if (r.rows.length) await auditExpert(tx, who, 'expert.undertaking', `expert:${who.id}`);
    return readMe(tx, deps.config, who.id);
  });
}

/** An expert pauses (no new offers) or resumes; reviews already accepted go on. */
export async function setPaused(deps: SessionDeps, who: ExpertAuth, paused: boolean): Promise<ExpertMe> {
  await deps.db.query('UPDATE experts SET paused = $2 WHERE id = $1', [who.id, paused]);
  return readMe(deps.db, deps.config, who.id);
}
