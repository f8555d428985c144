import { REPORT_COSTS, TOKEN_VALIDITY_DAYS } from '@assay/shared';
import type { Config } from '../../config/env.ts';
import type { Queryable } from '../../db/client.ts';

export interface LedgerSettings {
  /** Days a purchased or granted lot stays spendable (docs/decisions/013-token-validity.md). */
  validityDays: number;
  /** Promotional tokens granted once per email at activation. */
  signupBonusTokens: number;
}

export const DEFAULT_LEDGER_SETTINGS: LedgerSettings = {
  validityDays: TOKEN_VALIDITY_DAYS,
  signupBonusTokens: REPORT_COSTS.basic,
};

export const ledgerSettingsFrom = (config: Pick<Config, 'TOKEN_VALIDITY_DAYS' | 'SIGNUP_BONUS_TOKENS'>): LedgerSettings => ({
  validityDays: config.TOKEN_VALIDITY_DAYS,
  signupBonusTokens: config.SIGNUP_BONUS_TOKENS,
});

/**
 * Records the config's ledger settings in the database when a server starts. They are read
 * back where no config is passed in (the activation seam `accountActivated(tx, userId)`),
 * so every process of a deployment, and every test app on its own database, agrees.
 */
export async function saveLedgerSettings(
  db: Queryable,
  config: Pick<Config, 'TOKEN_VALIDITY_DAYS' | 'SIGNUP_BONUS_TOKENS'>,
): Promise<void> {
  const s = ledgerSettingsFrom(config);
  await db.query(
    `INSERT INTO token_settings (id, validity_days, signup_bonus_tokens) VALUES (true, $1, $2)
     ON CONFLICT (id) DO UPDATE SET validity_days = EXCLUDED.validity_days,
       signup_bonus_tokens = EXCLUDED.signup_bonus_tokens, updated_at = now()
     WHERE (token_settings.validity_days, token_settings.signup_bonus_tokens) IS DISTINCT FROM
           (EXCLUDED.validity_days, EXCLUDED.signup_bonus_tokens)`,
    [s.validityDays, s.signupBonusTokens],
  );
}

export async function readLedgerSettings(q: Queryable): Promise<LedgerSettings> {
  const r = await q.query<{ validity_days: number; signup_bonus_tokens: number }>(
    'SELECT validity_days, signup_bonus_tokens FROM token_settings WHERE id',
  );
  const row = r.rows[0];
  return row ? { validityDays: row.validity_days, signupBonusTokens: row.signup_bonus_tokens } : DEFAULT_LEDGER_SETTINGS;
}
