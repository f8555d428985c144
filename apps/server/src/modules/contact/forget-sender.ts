import type { Queryable } from '../../db/client.ts';

/**
 * Account deletion: messages sent from the member's email address go with the account (they
 * are the member's personal data and nothing obliges us to keep them). Returns how many.
 */
export async function forgetSender(tx: Queryable, email: string): Promise<number> {
  const r = await tx.query('DELETE FROM contact_submissions WHERE lower(btrim(email)) = lower($1)', [email]);
  return r.rowCount;
}
