/**
 * Gives a member a billing country through the API (a purchase needs one: 409
 * billing_country_required otherwise, docs/decisions/168-billing-country-and-place-of-supply.md).
 * India in the seller's state (Karnataka) unless told otherwise.
 */
export async function giveBillingCountry(
  baseUrl: string,
  token: string,
  details: { country: string; state_code?: string | null } = { country: 'IN', state_code: '29' },
) {
  const res = await fetch(`${baseUrl}/api/billing/details`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(details),
  });
  if (!res.ok) throw new Error(`billing details: ${res.status} ${await res.text()}`);
}
