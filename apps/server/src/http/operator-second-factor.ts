import type { Queryable } from '../db/client.ts';
import type { Config } from '../config/env.ts';
import { hmac, safeEqual, sha256 } from '../lib/secrets.ts';

/**
 * An operator's second factor (decision 191). Operators send basic authorization with every
 * request, so a code cannot travel with each one: a right code sets this signed, httpOnly cookie,
 * which every operator request must then carry. It names the operator, ends after
 * OPERATOR_MFA_HOURS, and is bound to the password hash, so a new password (the CLI's
 * reset-password) ends it too.
 */
export const OPERATOR_MFA_COOKIE = 'assay_operator_mfa';
export const OPERATOR_MFA_HOURS = 12;

/**
 * 'ok': nothing more to ask; 'required': a code from the app or one of the operator's passkeys
 * (decision 228); 'enrol': ADMIN_REQUIRE_2FA and neither yet.
 */
export type OperatorSecondFactor = 'ok' | 'required' | 'enrol';

/**
 * The endpoints an operator reaches before the second factor: signing in, the code or a passkey,
 * adding an app or a passkey. Adding a passkey is open only to 'enrol' (its use case checks), so a
 * password alone cannot add a factor beside the operator's own.
 */
export const SECOND_FACTOR_STEP_PATHS: ReadonlySet<string> = new Set([
  '/admin/login',
  '/admin/second-factor',
  '/admin/totp/setup',
  '/admin/totp/enable',
  '/admin/second-factor/passkey/options',
  '/admin/second-factor/passkey',
  '/admin/passkeys/options',
  '/admin/passkeys',
]);

const signature = (secret: string, operatorId: string, expires: number, passwordHash: string) =>
  hmac(secret, `operator-mfa:${operatorId}:${expires}:${sha256(passwordHash)}`);

export function issueOperatorMfaCookie(secret: string, operatorId: string, passwordHash: string, now = Date.now()): string {
  const expires = Math.floor(now / 1000) + OPERATOR_MFA_HOURS * 3600;
  return `${operatorId}.${expires}.${signature(secret, operatorId, expires, passwordHash)}`;
}

function cookieValid(secret: string, operatorId: string, passwordHash: string, value: string | undefined): boolean {
  const [id, exp, sig, ...rest] = value?.split('.') ?? [];
  const expires = Number(exp);
  if (!id || !sig || rest.length || id !== operatorId || !Number.isInteger(expires) || expires <= Date.now() / 1000) return false;
  return safeEqual(sig, signature(secret, operatorId, expires, passwordHash));
}

export async function operatorSecondFactorState(
  db: Queryable,
  config: Pick<Config, 'JWT_SECRET' | 'ADMIN_REQUIRE_2FA'>,
  operatorId: string,
  cookie: string | undefined,
): Promise<OperatorSecondFactor> {
  const r = await db.query<{ password_hash: string; confirmed: boolean; passkey: boolean }>(
    `SELECT o.password_hash, (f.confirmed_at IS NOT NULL) AS confirmed,
            EXISTS (SELECT 1 FROM passkeys p WHERE p.operator_id = o.id) AS passkey
       FROM operators o LEFT JOIN operator_totp_factors f ON f.operator_id = o.id WHERE o.id = $1`,
    [operatorId],
  );
  const row = r.rows[0];
  if (!row) return 'required';
  // A passkey is a second factor like the app (decision 228): operators have the shell's
  // reset-password as their way back, so it needs no recovery codes beside it.
  if (row.confirmed || row.passkey) return cookieValid(config.JWT_SECRET, operatorId, row.password_hash, cookie) ? 'ok' : 'required';
  return config.ADMIN_REQUIRE_2FA ? 'enrol' : 'ok';
}

/** The factors an operator can answer the code step with (decision 228). */
export async function operatorSecondFactorMethods(db: Queryable, operatorId: string): Promise<Array<'totp' | 'passkey'>> {
  const r = await db.query<{ totp: boolean; passkey: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM operator_totp_factors WHERE operator_id = $1 AND confirmed_at IS NOT NULL) AS totp,
            EXISTS (SELECT 1 FROM passkeys WHERE operator_id = $1) AS passkey`,
    [operatorId],
  );
  const row = r.rows[0];
  return [...(row?.totp ? ['totp' as const] : []), ...(row?.passkey ? ['passkey' as const] : [])];
}
