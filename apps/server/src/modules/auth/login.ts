import { MSG } from '@assay/shared';
import type { Deps } from '../../deps.ts';
import { issueDeviceCookie, readDeviceCookie } from '../../lib/device-cookie.ts';
import { AppError, unauthorized } from '../../lib/errors.ts';
import { assertHashingCapacity, dummyHash, NO_PASSWORD, verifyPassword } from '../../lib/passwords.ts';
import { assertUnderLimits, countHit, type FailureLimit } from '../../lib/rate-limit.ts';
import { findUserByEmail } from '../users/index.ts';
import { sendFreshCode } from './send-fresh-code.ts';
import { openSession, type SessionMeta } from './session-tokens.ts';
import { mailNewSignIn } from './new-sign-in-notice.ts';
import { openChallenge } from './sign-in-challenge.ts';
import { hasTotp } from './totp.ts';
import { matchingHash, signupPasswords } from './signup-passwords.ts';

/**
 * Password sign-in. Only failures count (decision 050): a browser holding this account's device
 * cookie has its own small budget and its own lane in the hashing gate (decision 161); any other client counts against the account and its address,
 * so others' failures never lock the owner out of a browser she has signed in from before.
 */
export async function login(
  deps: Deps,
  email: string,
  password: string,
  meta: SessionMeta & { ip: string; deviceCookie: string | undefined },
) {
  const { db, config } = deps;
  const device = readDeviceCookie(config.JWT_SECRET, 'member', meta.deviceCookie);
  // Without a signed device cookie a flood is refused before any database work.
  if (!device) assertHashingCapacity();
  const windowSeconds = config.RATE_LIMIT_WINDOW_SECONDS;
  const user = await findUserByEmail(db, email);
  // A browser that signed in to this account before has its own lane in the hashing gate (decision 161).
  const trustedDevice = device?.accountId === user?.id ? device : undefined;
  const lane = trustedDevice ? 'trusted' : 'anonymous';
  assertHashingCapacity(lane);
  const limits: FailureLimit[] = trustedDevice
    ? [{ key: `login:device:${trustedDevice.id}`, limit: config.TRUSTED_DEVICE_FAILURES, windowSeconds }]
    : [
        { key: `login:ip:${meta.ip}`, limit: config.RATE_LIMIT_LOGIN_PER_IP, windowSeconds },
        { key: `login:account:${email}`, limit: config.RATE_LIMIT_LOGIN_PER_ACCOUNT, windowSeconds },
      ];
  await assertUnderLimits(db, limits);

  // No account, no password, or none proved yet: the same work against a stand-in hash.
  const hash = user?.password_hash === NO_PASSWORD ? undefined : user?.password_hash;
  const matches = await verifyPassword(password, hash ?? (await dummyHash(config.PASSWORD_HASH_COST)), lane);
  // A contested sign-up (decision 050): any password typed at sign-up leads on to the code step.
  const ok =
    (!!hash && matches) ||
    (user?.is_verified === false && !!(await matchingHash(password, (await signupPasswords(db, user.id)).competing)));
  if (!user || !ok) {
    await countHit(db, limits);
    if (user && !user.password_hash) throw unauthorized(MSG.googleAccountNoPassword, 'google_account');
    throw unauthorized(MSG.invalidCredentials, 'invalid_credentials');
  }
  // Failures that landed while this password was being checked still hold.
  await assertUnderLimits(db, limits);
  if (!user.is_verified) {
    await sendFreshCode(deps, user).catch((err: unknown) => {
      if (!(err instanceof AppError)) throw err;
    });
    throw new AppError(403, MSG.emailNotVerified, 'email_not_verified');
  }
  // An account with an authenticator answers a challenge for its code instead (decision 190);
  // the device cookie waits for the code, so a password alone never makes a browser trusted.
  if (await hasTotp(db, user.id)) return openChallenge(db, user.id, meta);
  const session = await db.transaction(async (tx) => {
    if (!trustedDevice) await mailNewSignIn(deps, tx, user, meta);
    return openSession(tx, config.JWT_SECRET, user, meta);
  });
  return { ...session, device_cookie: issueDeviceCookie(config.JWT_SECRET, 'member', user.id), known_device: !!trustedDevice };
}
