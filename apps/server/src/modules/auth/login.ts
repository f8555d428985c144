import { MSG } from '@assay/shared';
import type { Deps } from '../../deps.ts';
import { AppError, unauthorized } from '../../lib/errors.ts';
import { dummyHash, verifyPassword } from '../../lib/passwords.ts';
import { hitRateLimit } from '../../lib/rate-limit.ts';
import { findUserByEmail } from '../users/index.ts';
import { issueCode } from './email-codes.ts';
import { verificationMail } from './mail-templates.ts';
import { openSession, type SessionMeta } from './session-tokens.ts';

export async function login(deps: Deps, email: string, password: string, meta: SessionMeta & { ip: string }) {
  const { db, config } = deps;
  const window = config.RATE_LIMIT_WINDOW_SECONDS;
  await hitRateLimit(db, `login:ip:${meta.ip}`, config.RATE_LIMIT_LOGIN_PER_IP, window);
  await hitRateLimit(db, `login:account:${email}`, config.RATE_LIMIT_LOGIN_PER_ACCOUNT, window);

  const user = await findUserByEmail(db, email);
  const ok = await verifyPassword(password, user?.password_hash ?? (await dummyHash(config.PASSWORD_HASH_COST)));
  if (!user || !ok) {
    if (user && !user.password_hash) throw unauthorized(MSG.googleAccountNoPassword, 'google_account');
    throw unauthorized(MSG.invalidCredentials, 'invalid_credentials');
  }
  if (!user.is_verified) {
    const code = await issueCode(db, config.JWT_SECRET, user.id, 'verify_email');
    if (code) await deps.mailer.send(verificationMail(user.email, user.name, code)).catch((err) => deps.log.error({ err }, 'verification email failed'));
    throw new AppError(403, MSG.emailNotVerified, 'email_not_verified');
  }
  return db.transaction((tx) => openSession(tx, config.JWT_SECRET, user, meta));
}
