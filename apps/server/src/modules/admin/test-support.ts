import type { Queryable } from '../../db/client.ts';

/** Helpers for the operator panel's tests. */

export const OPERATOR_PASSWORD = 'correct horse battery staple';
/** Basic authorization of the operator `ops` (ADMIN_USERNAME=ops, ADMIN_PASSWORD=OPERATOR_PASSWORD). */
export const ops = { authorization: `Basic ${Buffer.from(`ops:${OPERATOR_PASSWORD}`).toString('base64')}` };

/** Sum of every token ledger entry of a member: what the lots must hold. */
export async function ledgerSum(db: Queryable, userId: string): Promise<number> {
  const r = await db.query<{ n: number }>('SELECT coalesce(sum(amount), 0)::int8 AS n FROM token_ledger WHERE user_id = $1', [userId]);
  return Number(r.rows[0]!.n);
}
