import { PRODUCT_NAME } from '@assay/shared';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import type { Queryable } from '../../db/client.ts';
import { seal, unseal } from '../../lib/sealed.ts';

/**
 * Authenticator-app codes (RFC 6238: SHA-1, 6 digits, 30 s, what every app reads from a QR code),
 * through `otpauth`. The secret is sealed with a key derived from the server secret (lib/sealed.ts).
 */
const SEAL_PURPOSE = 'totp-secret';
/** A code of the step before or after now is accepted too: phones' clocks drift. */
const DRIFT_STEPS = 1;

const totpFor = (secretBase32: string, label = '') =>
  new TOTP({ issuer: PRODUCT_NAME, label, secret: Secret.fromBase32(secretBase32), algorithm: 'SHA1', digits: 6, period: 30 });

/** A new secret (160 bits) with what the member needs to add it to an app. */
export async function newTotpSecret(serverSecret: string, accountLabel: string) {
  const secret = new Secret({ size: 20 }).base32;
  const uri = totpFor(secret, accountLabel).toString();
  return {
    secret,
    sealed: seal(serverSecret, SEAL_PURPOSE, secret),
    otpauth_uri: uri,
    qr_svg: await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 }),
  };
}

/** The time step a code belongs to (now ±1 step), or undefined when it matches none. */
export function totpStep(serverSecret: string, sealed: string, code: string, now = Date.now()): number | undefined {
  const delta = totpFor(unseal(serverSecret, SEAL_PURPOSE, sealed)).validate({ token: code, timestamp: now, window: DRIFT_STEPS });
  return delta === null ? undefined : TOTP.counter({ period: 30, timestamp: now }) + delta;
}

/** Members', operators' and experts' (decision 235) authenticators live in tables of the same shape. */
export type TotpOwner = 'member' | 'operator' | 'expert';
const TABLE = {
  member: { table: 'totp_factors', id: 'user_id' },
  operator: { table: 'operator_totp_factors', id: 'operator_id' },
  expert: { table: 'expert_totp_factors', id: 'expert_id' },
} as const;

/**
 * Accepts a code of the confirmed authenticator once: the step it belongs to must be later than
 * the last one accepted (a single UPDATE, so two requests with one code cannot both win). A code
 * seen in transit is useless once used, and so is any older one.
 */
export async function useTotpCode(
  db: Queryable,
  serverSecret: string,
  userId: string,
  code: string,
  owner: TotpOwner = 'member',
): Promise<boolean> {
  if (!/^\d{6}$/.test(code)) return false;
  const { table, id } = TABLE[owner];
  const r = await db.query<{ secret_sealed: string }>(`SELECT secret_sealed FROM ${table} WHERE ${id} = $1 AND confirmed_at IS NOT NULL`, [
    userId,
  ]);
  const row = r.rows[0];
  const step = row && totpStep(serverSecret, row.secret_sealed, code);
  if (step === undefined) return false;
  const used = await db.query(
    `UPDATE ${table} SET last_step = $2 WHERE ${id} = $1 AND confirmed_at IS NOT NULL AND last_step < $2 RETURNING 1`,
    [userId, step],
  );
  return used.rows.length > 0;
}

export async function hasTotp(db: Queryable, userId: string, owner: TotpOwner = 'member'): Promise<boolean> {
  const { table, id } = TABLE[owner];
  const r = await db.query(`SELECT 1 FROM ${table} WHERE ${id} = $1 AND confirmed_at IS NOT NULL`, [userId]);
  return r.rows.length > 0;
}
