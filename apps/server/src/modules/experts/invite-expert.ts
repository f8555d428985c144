import { EXPERT_ACCESS_MESSAGES, EXPERT_MESSAGES, type ExpertView, type InviteExpertRequest } from '@assay/shared';
import type { Deps } from '../../deps.ts';
import { badRequest, conflict } from '../../lib/errors.ts';
import { randomToken, sha256 } from '../../lib/secrets.ts';
import { audit, type OperatorAuth } from '../operators/index.ts';
import { lockApplication, markInvited } from './expert-applications.ts';
import { EXPERT_SELECT, toExpertView, type ExpertRow } from './expert-row.ts';
import { mailExpertInvitation } from './review-mails.ts';

export const INVITATION_DAYS = 7;
export const invitationUrl = (publicUrl: string, token: string) => `${publicUrl.replace(/\/$/, '')}/expert/invitation?token=${token}`;

/**
 * An operator invites an expert: the record now, the password later. The link carries a 256-bit
 * token of which only the SHA-256 is kept; it works once, within INVITATION_DAYS. The mail and the
 * audit entry commit with the row. The URL is answered to the operator too (to pass on by hand
 * when mail is slow); it grants nothing but setting this expert's first password.
 *
 * From a Join-as-Expert application (decision 235, `application_id`), the application's row lock is
 * taken first and it must still be waiting: inviting it twice, even at once, makes one expert and
 * the second answers 409; its e-mail must be the applicant's. It is marked invited in the same
 * transaction, and the invitation mail is the applicant's answer.
 */
export async function inviteExpert(
  deps: Pick<Deps, 'db' | 'queue' | 'config'>,
  by: OperatorAuth,
  input: InviteExpertRequest,
): Promise<{ expert: ExpertView; invitation_url: string }> {
  const token = randomToken(32);
  const url = invitationUrl(deps.config.PUBLIC_URL, token);
  const expert = await deps.db.transaction(async (tx) => {
    const application = input.application_id ? await lockApplication(tx, input.application_id) : undefined;
    if (application?.state === 'invited') throw conflict(EXPERT_ACCESS_MESSAGES.applicationInvited, 'application_invited');
    if (application?.state === 'declined') throw conflict(EXPERT_ACCESS_MESSAGES.applicationDeclined, 'application_declined');
    if (application && application.email !== input.email)
      throw badRequest(EXPERT_ACCESS_MESSAGES.applicationEmailDiffers, 'application_email_differs');
    const inserted = await tx.query<{ id: string }>(
      `INSERT INTO experts (email, name, fields, languages, country, rttp_number, rate_basic, rate_advanced, rate_comprehensive,
                            capacity, invite_token_sha256, invite_expires_at, invited_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, now() + make_interval(days => $12), $13)
       ON CONFLICT (email) DO NOTHING RETURNING id`,
      [
        input.email,
        input.name,
        input.fields,
        input.languages,
        input.country,
        input.rttp_number,
        input.rates.basic,
        input.rates.advanced,
        input.rates.comprehensive,
        input.capacity,
        sha256(token),
        INVITATION_DAYS,
        by.id,
      ],
    );
    const id = inserted.rows[0]?.id;
    if (!id) throw conflict(EXPERT_MESSAGES.emailTaken, 'expert_exists');
    if (application) await markInvited(tx, application.id, id, by);
    await audit(tx, by, 'expert.invite', `expert:${id}`, {
      email: input.email,
      name: input.name,
      ...(application ? { application_id: application.id } : {}),
    });
    await mailExpertInvitation(deps, tx, { email: input.email, name: input.name, url });
    return (await tx.query<ExpertRow>(`${EXPERT_SELECT} WHERE e.id = $1`, [id])).rows[0]!;
  });
  return { expert: toExpertView(expert), invitation_url: url };
}

export async function listExperts(deps: Pick<Deps, 'db'>): Promise<{ experts: ExpertView[] }> {
  const r = await deps.db.query<ExpertRow>(`${EXPERT_SELECT} ORDER BY e.name, e.id LIMIT 500`);
  return { experts: r.rows.map(toExpertView) };
}
