import { EXPERT_ACCESS_MESSAGES, type ExpertApplicationState, type ExpertApplicationView } from '@assay/shared';
import type { Deps } from '../../deps.ts';
import type { Queryable } from '../../db/client.ts';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import { hitRateLimit } from '../../lib/rate-limit.ts';
import { isUuid } from '../../lib/sql.ts';
import { audit, type OperatorAuth } from '../operators/index.ts';
import { mailApplicationDeclined } from './expert-access-mails.ts';

/**
 * Join as Expert (decision 235): someone applies from the public site; an operator invites them
 * (inviteExpert with the application's id) or declines, and the applicant is mailed either way.
 */

export interface ApplicationInput {
  name: string;
  email: string;
  fields: string[];
  languages: string[];
  country: string;
  rttp_number: string;
  statement: string;
}

/**
 * Stores an application. Protected as the contact form is (decision 033): each client address may
 * send CONTACT_RATE_LIMIT valid ones per window (its own counter), and nothing is mailed, so the
 * form cannot be used to send mail to strangers. A second application while the first from the
 * same address waits changes nothing and answers the same (no oracle for who applied).
 */
export async function submitApplication(deps: Pick<Deps, 'db' | 'config'>, input: ApplicationInput, ip: string) {
  const { db, config } = deps;
  try {
    await hitRateLimit(db, `expert-application:ip:${ip}`, config.CONTACT_RATE_LIMIT, config.CONTACT_RATE_LIMIT_WINDOW_SECONDS);
  } catch (err) {
    if (err instanceof AppError && err.status === 429)
      throw new AppError(429, EXPERT_ACCESS_MESSAGES.applicationTooMany, 'rate_limited', err.headers);
    throw err;
  }
  await db.query(
    `INSERT INTO expert_applications (name, email, fields, languages, country, rttp_number, statement)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (email) WHERE state = 'pending' DO NOTHING`,
    [input.name, input.email, input.fields, input.languages, input.country, input.rttp_number, input.statement],
  );
  return { message: EXPERT_ACCESS_MESSAGES.applicationThanks };
}

interface ApplicationRow {
  id: string;
  name: string;
  email: string;
  fields: string[];
  languages: string[];
  country: string;
  rttp_number: string;
  statement: string;
  state: ExpertApplicationState;
  already_expert: boolean;
  expert_id: string | null;
  decided_at: Date | null;
  created_at: Date;
}

const APPLICATION_SELECT = `
  SELECT a.id, a.name, a.email, a.fields, a.languages, a.country, a.rttp_number, a.statement, a.state, a.expert_id, a.decided_at, a.created_at,
         EXISTS (SELECT 1 FROM experts e WHERE e.email = a.email) AS already_expert
    FROM expert_applications a`;

const toView = (a: ApplicationRow): ExpertApplicationView => ({
  id: a.id,
  name: a.name,
  email: a.email,
  fields: a.fields,
  languages: a.languages,
  country: a.country,
  rttp_number: a.rttp_number,
  statement: a.statement,
  state: a.state,
  already_expert: a.already_expert,
  expert_id: a.expert_id,
  decided_at: a.decided_at?.toISOString() ?? null,
  created_at: a.created_at.toISOString(),
});

/** Waiting applications first, then the newest decided ones; bounded (decision 184). */
export async function listApplications(
  deps: Pick<Deps, 'db'>,
  state: ExpertApplicationState | undefined,
): Promise<{ applications: ExpertApplicationView[] }> {
  const r = await deps.db.query<ApplicationRow>(
    `${APPLICATION_SELECT} WHERE ($1::text IS NULL OR a.state = $1)
      ORDER BY a.state = 'pending' DESC, a.created_at DESC, a.id LIMIT 200`,
    [state ?? null],
  );
  return { applications: r.rows.map(toView) };
}

/** An application under its row lock, for deciding it once (a malformed id is simply not found). */
export async function lockApplication(tx: Queryable, id: string) {
  if (!isUuid(id)) throw notFound(EXPERT_ACCESS_MESSAGES.applicationNotFound);
  const r = await tx.query<{ id: string; email: string; name: string; state: ExpertApplicationState }>(
    `SELECT id, email, name, state FROM expert_applications WHERE id = $1 FOR UPDATE`,
    [id],
  );
  const row = r.rows[0];
  if (!row) throw notFound(EXPERT_ACCESS_MESSAGES.applicationNotFound);
  return row;
}

/** Marks a waiting application invited, with the expert it made; the caller holds its lock. */
export async function markInvited(tx: Queryable, id: string, expertId: string, by: OperatorAuth) {
  await tx.query(`UPDATE expert_applications SET state = 'invited', expert_id = $2, decided_by = $3, decided_at = now() WHERE id = $1`, [
    id,
    expertId,
    by.id,
  ]);
}

/**
 * Declines a waiting application and mails the applicant, in one transaction under the row's
 * lock: two operators at once decline it once and mail once. A repeat answers the same and mails
 * nothing; an application already invited is a 409.
 */
export async function declineApplication(
  deps: Pick<Deps, 'db' | 'queue' | 'config'>,
  id: string,
  by: OperatorAuth,
): Promise<ExpertApplicationView> {
  await deps.db.transaction(async (tx) => {
    const a = await lockApplication(tx, id);
    if (a.state === 'declined') return;
    if (a.state === 'invited') throw conflict(EXPERT_ACCESS_MESSAGES.applicationInvited, 'application_invited');
    await tx.query(`UPDATE expert_applications SET state = 'declined', decided_by = $2, decided_at = now() WHERE id = $1`, [a.id, by.id]);
    await audit(tx, by, 'expert.application_declined', `expert_application:${a.id}`, { email: a.email, name: a.name });
    await mailApplicationDeclined(deps, tx, a);
  });
  return toView((await deps.db.query<ApplicationRow>(`${APPLICATION_SELECT} WHERE a.id = $1`, [id])).rows[0]!);
}
