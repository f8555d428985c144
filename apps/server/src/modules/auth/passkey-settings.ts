import { MSG } from '@assay/shared';
import type { z } from 'zod';
import type { passkeyRegisterRequest } from '@assay/shared';
import type { Deps } from '../../deps.ts';
import type { Queryable } from '../../db/client.ts';
import { unauthorized } from '../../lib/errors.ts';
import { composeMail, queueMail } from '../mail/index.ts';
import { findUserById } from '../users/index.ts';
import { confirmPassword } from './confirm-password.ts';
import { addPasskeyFor, deletePasskeyOf, listPasskeysOf, passkeyRegistrationOptionsFor, renamePasskeyOf } from './passkey-store.ts';

/**
 * Profile → Security: adding, naming and removing passkeys (decision 193). Adding one asks for the
 * password again (a passkey opens the account without it, so a borrowed session must not mint
 * one); adding and removing are mailed like every other change of a factor. The store itself is
 * shared with operators (passkey-store.ts, decision 228).
 */

const member = (userId: string) => ({ kind: 'member' as const, id: userId });

export async function listPasskeys(db: Queryable, userId: string) {
  return listPasskeysOf(db, member(userId));
}

export async function hasPasskey(db: Queryable, userId: string): Promise<boolean> {
  return (await db.query('SELECT 1 FROM passkeys WHERE user_id = $1 LIMIT 1', [userId])).rows.length > 0;
}

export async function passkeyRegistrationOptions(deps: Deps, userId: string, password: string) {
  const user = await confirmPassword(deps, userId, password);
  return passkeyRegistrationOptionsFor(deps.db, deps.config, member(userId), { userName: user.email, displayName: user.name });
}

export async function registerPasskey(deps: Deps, userId: string, body: z.output<typeof passkeyRegisterRequest>) {
  const user = await findUserById(deps.db, userId);
  if (!user) throw unauthorized();
  return addPasskeyFor(deps.db, deps.config, member(userId), body, async (tx, added) => {
    await queueMail(
      deps.queue,
      tx,
      composeMail(deps.config, user.email, 'securityNotice', {
        name: user.name,
        at: new Date(),
        subject: 'A passkey was added',
        what: `A passkey named “${added.name}” was added to your account: it signs in without your password`,
      }),
    );
  });
}

export async function renamePasskey(db: Queryable, userId: string, id: number, name: string) {
  return renamePasskeyOf(db, member(userId), id, name);
}

/**
 * Removing asks for no password: it takes a way in away and gives none, and the member is told.
 * The code step falls back to the authenticator app and recovery codes.
 */
export async function removePasskey(deps: Deps, userId: string, id: number) {
  const user = await findUserById(deps.db, userId);
  if (!user) throw unauthorized();
  await deps.db.transaction(async (tx) => {
    const name = await deletePasskeyOf(tx, member(userId), id);
    await queueMail(
      deps.queue,
      tx,
      composeMail(deps.config, user.email, 'securityNotice', {
        name: user.name,
        at: new Date(),
        subject: 'A passkey was removed',
        what: `The passkey named “${name}” was removed from your account: it no longer signs in`,
      }),
    );
  });
  return { message: MSG.passkeyRemoved };
}
