import type { Deps } from '../../deps.ts';
import type { Queryable } from '../../db/client.ts';
import { composeMail, queueMail } from '../mail/index.ts';
import type { UserRow } from '../users/index.ts';
import { describeUserAgent } from './active-sessions.ts';

/**
 * "New sign-in" (decision 190): mailed, in the sign-in's transaction, when a browser without this
 * account's device cookie signs in. Not for the very first sign-in of an account (there is no
 * device to know yet), and not for Google sign-ins, which Google itself reports.
 */
export async function mailNewSignIn(
  deps: Pick<Deps, 'queue' | 'config'>,
  tx: Queryable,
  user: UserRow,
  from: { ip?: string | undefined; userAgent?: string | undefined },
) {
  if (!user.last_login) return;
  const ua = describeUserAgent(from.userAgent ?? null);
  await queueMail(
    deps.queue,
    tx,
    composeMail(deps.config, user.email, 'securityNotice', {
      name: user.name,
      at: new Date(),
      subject: 'New sign-in to your account',
      what: `Your account was signed in to from ${ua.browser} on ${ua.os}${from.ip ? `, address ${from.ip}` : ''}, a browser that had not signed in to it before`,
      link: { href: `${deps.config.PUBLIC_URL}/profile#security`, label: 'See where you’re signed in' },
    }),
  );
}
