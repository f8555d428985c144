import { EXPERT_MESSAGES, type ExpertMe } from '@assay/shared';
import type { FastifyReply } from 'fastify';
import type { Deps } from '../../deps.ts';
import type { Queryable } from '../../db/client.ts';
import { EXPERT_COOKIE_PATH, EXPERT_SESSION_COOKIE, EXPERT_SESSION_HOURS, type ExpertAuth } from '../../http/expert-guard.ts';
import { badRequest, unauthorized } from '../../lib/errors.ts';
import { dummyHash, hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { assertUnderLimits, clearRateLimit, countHit, type FailureLimit } from '../../lib/rate-limit.ts';
import { randomToken, sha256 } from '../../lib/secrets.ts';
import { auditExpert } from '../operators/index.ts';
import { EXPERT_SELECT, toExpertMe, type ExpertRow } from './expert-row.ts';

type SessionDeps = Pick<Deps, 'db' | 'config'>;

async function openExpertSession(tx: Queryable, reply: FastifyReply, secure: boolean, expertId: string) {
  const token = randomToken(32);
  await tx.query(
    `INSERT INTO expert_sessions (expert_id, token_sha256, expires_at) VALUES ($1, $2, now() + make_interval(hours => $3))`,
    [expertId, sha256(token), EXPERT_SESSION_HOURS],
  );
  reply.setCookie(EXPERT_SESSION_COOKIE, token, {
    path: EXPERT_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure,
    maxAge: EXPERT_SESSION_HOURS * 3600,
  });
}

const readExpert = async (db: Queryable, id: string) => (await db.query<ExpertRow>(`${EXPERT_SELECT} WHERE e.id = $1`, [id])).rows[0]!;

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
    return toExpertMe(await readExpert(tx, row.id));
  });
}

/**
 * E-mail and password. Unknown e-mails are checked against a dummy hash (no timing oracle);
 * failures count per e-mail and per address as the members' sign-in does (lib/rate-limit.ts).
 */
export async function expertLogin(deps: SessionDeps, reply: FastifyReply, email: string, password: string, ip: string): Promise<ExpertMe> {
  const windowSeconds = deps.config.OPERATOR_LOCKOUT_MINUTES * 60;
  const limits: FailureLimit[] = [
    { key: `expert:email:${email.slice(0, 254)}`, limit: deps.config.OPERATOR_LOCKOUT_FAILURES, windowSeconds },
    { key: `expert:ip:${ip}`, limit: deps.config.OPERATOR_FAILURES_PER_IP, windowSeconds },
  ];
  await assertUnderLimits(deps.db, limits);
  const row = (await deps.db.query<{ id: string; email: string; password_hash: string | null }>(
    'SELECT id, email, password_hash FROM experts WHERE email = $1', [email])).rows[0];
  const ok = await verifyPassword(password, row?.password_hash ?? (await dummyHash(deps.config.PASSWORD_HASH_COST)));
  if (!row?.password_hash || !ok) {
    await countHit(deps.db, limits);
    throw unauthorized(EXPERT_MESSAGES.invalidCredentials, 'invalid_credentials');
  }
  await clearRateLimit(deps.db, limits[0]!.key);
  return deps.db.transaction(async (tx) => {
    await openExpertSession(tx, reply, deps.config.secureCookies, row.id);
    await auditExpert(tx, row, 'expert.sign_in', `expert:${row.id}`);
    return toExpertMe(await readExpert(tx, row.id));
  });
}

export async function expertLogout(deps: Pick<Deps, 'db'>, reply: FastifyReply, who: ExpertAuth) {
  await deps.db.query('UPDATE expert_sessions SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL', [who.sessionId]);
  reply.clearCookie(EXPERT_SESSION_COOKIE, { path: EXPERT_COOKIE_PATH });
  return { message: 'Signed out' };
}

export async function expertMe(deps: Pick<Deps, 'db'>, who: ExpertAuth): Promise<ExpertMe> {
  return toExpertMe(await readExpert(deps.db, who.id));
}

/** The confidentiality undertaking, accepted once (a repeat keeps the first time) and on the record. */
export async function acceptUndertaking(deps: Pick<Deps, 'db'>, who: ExpertAuth): Promise<ExpertMe> {
  return deps.db.transaction(async (tx) => {
    const r = await tx.query('UPDATE experts SET undertaking_accepted_at = now() WHERE id = $1 AND undertaking_accepted_at IS NULL RETURNING id', [who.id]);
    if (r.rows.length) await auditExpert(tx, who, 'expert.undertaking', `expert:${who.id}`);
    return toExpertMe(await readExpert(tx, who.id));
  });
}

/** An expert pauses (no new offers) or resumes; reviews already accepted go on. */
export async function setPaused(deps: Pick<Deps, 'db'>, who: ExpertAuth, paused: boolean): Promise<ExpertMe> {
  await deps.db.query('UPDATE experts SET paused = $2 WHERE id = $1', [who.id, paused]);
  return toExpertMe(await readExpert(deps.db, who.id));
}
