import type { BillingDetails, BillingDetailsView } from '@assay/shared';
import type { Queryable } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { supplyTerms } from './tax.ts';

type Stored = Omit<BillingDetailsView, 'gst_percent'>;

const NONE: Stored = { country: null, address: null, state_code: null, gstin: null };

/** The stored details alone (what an order is taxed from). */
export async function readBillingProfile(db: Queryable, userId: string): Promise<Stored> {
  const r = await db.query<Stored>('SELECT country, address, state_code, gstin FROM billing_profiles WHERE user_id = $1', [userId]);
  return r.rows[0] ?? NONE;
}

/** With the GST percent a purchase would be charged now (the review shows it before the order). */
const view = (d: Stored, config: Deps['config']): BillingDetailsView => ({
  ...d,
  gst_percent: supplyTerms(d, config.GST_LUT_NUMBER)?.gst_percent ?? null,
});

/** The buyer details a member keeps for their next invoices (none until they add some). */
export async function readBillingDetails(deps: Pick<Deps, 'db' | 'config'>, userId: string): Promise<BillingDetailsView> {
  return view(await readBillingProfile(deps.db, userId), deps.config);
}

/** Replaces them; orders already opened keep the place of supply they were opened with. */
export async function saveBillingDetails(
  deps: Pick<Deps, 'db' | 'config'>,
  userId: string,
  d: BillingDetails,
): Promise<BillingDetailsView> {
  const r = await deps.db.query<Stored>(
    `INSERT INTO billing_profiles (user_id, country, address, state_code, gstin) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (user_id) DO UPDATE SET country = $2, address = $3, state_code = $4, gstin = $5, updated_at = now()
     RETURNING country, address, state_code, gstin`,
    [userId, d.country, d.address, d.state_code, d.gstin],
  );
  return view(r.rows[0]!, deps.config);
}
