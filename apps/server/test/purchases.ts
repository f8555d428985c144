import type { BillingDetailsInput } from '@assay/shared';
import type { TestApp } from './test-app.ts';

type Auth = Record<string, string>;

/** A buyer in the seller's own state (Karnataka, the test seller's GSTIN): CGST + SGST. */
export const BUYER_IN_SELLER_STATE: BillingDetailsInput = { country: 'IN', state_code: '29' };

/**
 * Gives the member a billing country unless one is on record (a purchase needs one: 409
 * billing_country_required otherwise), keeping whatever else they saved.
 */
export async function ensureBillingCountry(t: TestApp, auth: Auth, details: BillingDetailsInput = BUYER_IN_SELLER_STATE) {
  const current = await t.app.inject({ method: 'GET', url: '/api/billing/details', headers: auth });
  if (current.statusCode !== 200) throw new Error(`billing details: ${current.body}`);
  const { country, address } = current.json<{ country: string | null; address: string | null }>();
  if (country) return;
  const saved = await t.app.inject({ method: 'PUT', url: '/api/billing/details', headers: auth, payload: { ...details, address } });
  if (saved.statusCode !== 200) throw new Error(`billing details: ${saved.body}`);
}

/** POST create-order for a member who has a billing country (given one first if not): the raw answer. */
export async function openOrder(t: TestApp, auth: Auth, packageId: unknown = 'pro') {
  await ensureBillingCountry(t, auth);
  return t.app.inject({ method: 'POST', url: '/api/tokens/purchase/create-order', headers: auth, payload: { package_id: packageId } });
}
