import { MSG } from '@assay/shared';
import type { Deps } from '../../deps.ts';
import { badRequest, unauthorized } from '../../lib/errors.ts';
import { verifyPurposeToken } from '../../lib/jwt.ts';
import { USER_COLUMNS, type UserRow } from '../users/index.ts';
import { PROFILE_TOKEN_PURPOSE } from './google-login.ts';
import { openSession, type SessionMeta } from './session-tokens.ts';

export async function completeProfile(deps: Deps, input: { user_id: string; phone: string; profile_token: string }, meta: SessionMeta) {
  const { db, config } = deps;
  const subject = await verifyPurposeToken(config.JWT_SECRET, PROFILE_TOKEN_PURPOSE, input.profile_token).catch(() => {
    throw unauthorized(MSG.profileTokenInvalid, 'profile_token_invalid');
  });
  if (subject !== input.user_id) throw unauthorized(MSG.profileTokenInvalid, 'profile_token_invalid');
  return db.transaction(async (tx) => {
    const r = await tx.query<UserRow>(`UPDATE users SET phone = $2 WHERE id = $1 AND phone IS NULL RETURNING ${USER_COLUMNS}`, [
      input.user_id,
      input.phone,
    ]);
    if (!r.rows[0]) throw badRequest(MSG.profileAlreadyComplete, 'profile_complete');
    return openSession(tx, config.JWT_SECRET, r.rows[0], meta);
  });
}
