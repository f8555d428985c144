import type { Deps } from '../../deps.ts';
import { defineSweep } from '../../jobs/job-definition.ts';
import type { Db } from '../../db/client.ts';
import { lockAccount } from './ledger.ts';

/**
 * Optional sweep: writes an 'expiry' entry for what is left in lots past their expiry, so the
 * ledger records when tokens lapsed. Balances never depend on it (reads already ignore expired
 * lots). A lot held for a pending refund waits for the decision. Safe to run anywhere, any time, concurrently. Returns the tokens expired.
 */
export async function expireLots(db: Db, opts: { limit?: number } = {}): Promise<{ lots: number; tokens: number }> {
  const due = await db.query<{ user_id: string }>(
    `SELECT DISTINCT user_id FROM token_lots WHERE remaining > 0 AND expires_at <= now() AND NOT refund_pending LIMIT $1`,
    [opts.limit ?? 500],
  );
  let lots = 0;
  let tokens = 0;
  for (const { user_id } of due.rows) {
    const done = await db.transaction(async (tx) => {
      await lockAccount(tx, user_id);
      const r = await tx.query<{ id: string; remaining: number }>(
        `SELECT id, remaining FROM token_lots WHERE user_id = $1 AND remaining > 0 AND expires_at <= now() AND NOT refund_pending`,
        [user_id],
      );
      for (const lot of r.rows) {
        await tx.query(`INSERT INTO token_ledger (user_id, lot_id, kind, amount, note) VALUES ($1, $2, 'expiry', $3, 'Lot expired')`, [
          user_id,
          lot.id,
          -lot.remaining,
        ]);
      }
      return { lots: r.rows.length, tokens: r.rows.reduce((s, l) => s + l.remaining, 0) };
    });
    lots += done.lots;
    tokens += done.tokens;
  }
  return { lots, tokens };
}

/** Hourly: the ledger records when tokens lapsed. */
export const expireLotsSweep = defineSweep({
  name: 'tokens.expire-lots',
  everyMs: () => 60 * 60_000,
  async run(deps: Pick<Deps, 'db'>) {
    await expireLots(deps.db);
  },
});
