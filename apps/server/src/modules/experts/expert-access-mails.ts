import { PRODUCT_NAME } from '@assay/shared';
import type { Queryable } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { queueMail } from '../mail/index.ts';

/**
 * The mails of decision 235, each queued in the transaction of the change it reports (sent only if
 * it commits): an expert's second factor turned on or off, and an applicant's declined application
 * (an invited one gets the invitation mail itself).
 */
type MailDeps = Pick<Deps, 'queue' | 'config'>;

export async function mailExpertSecurityNotice(deps: MailDeps, tx: Queryable, e: { email: string; name: string }, notice: { subject: string; what: string }) {
  await queueMail(deps.queue, tx, {
    to: e.email,
    subject: `${PRODUCT_NAME}: ${notice.subject}`,
    text: `Hi ${e.name},\n\n${notice.what} (${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC).\n\n`
      + `If this was you, there is nothing to do. If it was not, tell the operators at once through the contact form:\n${deps.config.PUBLIC_URL}/contact\n\n`
      + `This is a security notice from the expert portal.\n`,
  });
}

export async function mailApplicationDeclined(deps: MailDeps, tx: Queryable, a: { email: string; name: string }) {
  await queueMail(deps.queue, tx, {
    to: a.email,
    subject: 'Your application to the expert network',
    text: `Hi ${a.name},\n\nThank you for applying to review inventions as an expert with ${PRODUCT_NAME}. `
      + `We are not able to invite you at this time: the network is matched to the fields, languages and countries members ask for, and these change.\n\n`
      + `You are welcome to apply again later:\n${deps.config.PUBLIC_URL}/experts/apply\n`,
  });
}
