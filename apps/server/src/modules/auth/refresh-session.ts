import { MSG } from '@assay/shared';
import type { Deps } from '../../deps.ts';
import { unauthorized } from '../../lib/errors.ts';
import { rotateRefreshToken } from './session-tokens.ts';

export async function refreshSession(deps: Deps, refreshToken: string | undefined) {
  if (!refreshToken) throw unauthorized(MSG.sessionExpired, 'session_expired');
  const result = await deps.db.transaction((tx) => rotateRefreshToken(tx, deps.config.JWT_SECRET, refreshToken));
  if (result.reused) {
    deps.log.warn('refresh token reused: session revoked');
    throw unauthorized(MSG.sessionExpired, 'refresh_token_reused');
  }
  const { reused: _reused, ...session } = result;
  return session;
}
