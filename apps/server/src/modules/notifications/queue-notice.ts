import type { Queryable } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { queueMail, type ComposedMail } from '../mail/index.ts';

export type NoticeDeps = Pick<Deps, 'queue' | 'config' | 'log'>;

export interface Member {
  email: string;
  name: string;
}

/**
 * Queues a notification in the caller's transaction without ever failing it: the work runs
 * under a savepoint, so a mail that cannot be queued (an address the mail job refuses, a
 * failed insert) is logged and dropped while the action that caused it commits.
 * `compose` gets the member (absent when the account is gone) and returns the mail, or
 * undefined when nothing is to be sent.
 */
export async function queueNotice(
  deps: NoticeDeps,
  tx: Queryable,
  userId: string,
  compose: (member: Member, tx: Queryable) => Promise<ComposedMail | undefined>,
): Promise<boolean> {
  await tx.query('SAVEPOINT notice');
  try {
    const member = (await tx.query<Member>('SELECT email, name FROM users WHERE id = $1', [userId])).rows[0];
    const mail = member ? await compose(member, tx) : undefined;
    if (mail) await queueMail(deps.queue, tx, mail);
    await tx.query('RELEASE SAVEPOINT notice');
    return Boolean(mail);
  } catch (err) {
    await tx.query('ROLLBACK TO SAVEPOINT notice');
    deps.log.error(
      { err: err instanceof Error ? err.message : String(err), userId },
      'notification not queued; the action went on without it',
    );
    return false;
  }
}
