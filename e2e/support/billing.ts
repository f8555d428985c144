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

/** The same for a member known by e-mail and password (signs in through the API for the token). */
export async function giveBillingCountryTo(baseUrl: string, email: string, password: string) {
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: email, password }),
  });
  if (!login.ok) throw new Error(`login: ${login.status} ${await login.text()}`);
  await giveBillingCountry(baseUrl, ((await login.json()) as { access_token: string }).access_token);
}
