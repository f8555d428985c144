import type { BillingDetails } from '@assay/shared';
import type { Queryable } from '../../db/client.ts';

/** The buyer details a member keeps for their next invoices (none until they add some). */
export async function readBillingDetails(db: Queryable, userId: string): Promise<BillingDetails> {
  const r = await db.query<BillingDetails>('SELECT address, state_code, gstin FROM billing_profiles WHERE user_id = $1', [userId]);
  return r.rows[0] ?? { address: null, state_code: null, gstin: null };
}

export async function saveBillingDetails(db: Queryable, userId: string, d: BillingDetails): Promise<BillingDetails> {
  const r = await db.query<BillingDetails>(
    `INSERT INTO billing_profiles (user_id, address, state_code, gstin) VALUES ($1, $2, $3, $4)
     ON CONFLICT (user_id) DO UPDATE SET address = $2, state_code = $3, gstin = $4, updated_at = now()
     RETURNING address, state_code, gstin`,
    [userId, d.address, d.state_code, d.gstin],
  );
  return r.rows[0]!;
}
