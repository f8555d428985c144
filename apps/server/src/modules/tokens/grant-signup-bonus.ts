import { createHash } from 'node:crypto';
import type { Queryable } from '../../db/client.ts';
import { addLot, lockAccount } from './ledger.ts';
import { readLedgerSettings, type LedgerSettings } from './settings.ts';

/**
 * Promotional tokens worth one Basic report, granted when an account is activated: once per
 * account, and never again for the same email address (a deleted and re-created account does
 * not get a second bonus). Both rules are unique keys in the database.
 * Returns whether tokens were granted.
 */
export async function grantSignupBonus(tx: Queryable, userId: string, settings?: LedgerSettings): Promise<boolean> {
  settings ??= await readLedgerSettings(tx);
  const tokens = settings.signupBonusTokens;
  if (tokens <= 0) return false;
  await lockAccount(tx, userId);

  const granted = await tx.query('SELECT 1 FROM signup_bonus_grants WHERE user_id = $1', [userId]);
  if (granted.rows.length) return false;

  const user = await tx.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [userId]);
  const email = user.rows[0]?.email;
  if (!email) return false;
  const digest = createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
  const first = await tx.query('INSERT INTO signup_bonus_emails (email_sha256) VALUES ($1) ON CONFLICT DO NOTHING RETURNING email_sha256', [
    digest,
  ]);
  if (!first.rows.length) return false;

  const { lotId } = await addLot(tx, {
    userId,
    kind: 'promo',
    source: 'signup_bonus',
    tokens,
    validityDays: settings.validityDays,
    entryKind: 'grant',
    note: 'Signup bonus',
  });
  await tx.query('INSERT INTO signup_bonus_grants (user_id, lot_id) VALUES ($1, $2)', [userId, lotId]);
  return true;
}
