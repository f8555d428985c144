import type { TokenPackage } from '@assay/shared';
import type { Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe.ts';
import { giveBillingCountry } from './support/billing.ts';
import { DESKTOP, PHONE, signInMember, waitForApp, watchErrors } from './support/browser.ts';
import { serverAndBrowser } from './support/server-and-browser.ts';

/** The seller's LUT: a buyer outside India is zero-rated (docs/decisions/168-billing-country-and-place-of-supply.md). */
const e2e = serverAndBrowser({ GST_LUT_NUMBER: 'AD290326001234X' });
/** Screenshots of the billing country step and the profile's billing section. */
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-i26-country';

const usd = (n: number) => `$${n.toFixed(2)}`;
const tokens = (n: number) => n.toLocaleString('en-US');
const digits = async (page: Page, testId: string) => Number((await page.getByTestId(testId).textContent())!.replace(/\D/g, ''));

async function post(path: string, body: unknown) {
  const res = await fetch(`${e2e.server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
}

/**
 * A verified member, made through the API (sign-up, the emailed code, verification); with
 * `billedInIndia`, also given a billing country (else the first purchase asks for it).
 */
async function newMember({ billedInIndia = false } = {}) {
  const email = `billing.${Date.now()}.${Math.random().toString(36).slice(2, 7)}@example.com`;
  const password = 'Tokens2025ok';
  await post('/api/auth/signup', { name: 'Dorothy Vaughan', email, phone: '+1 757 555 0142', password });
  const { code } = await e2e.server.readMail(email);
  await post('/api/auth/verify-email-otp', { email, otp: code });
  if (billedInIndia) {
    const login = await fetch(`${e2e.server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: email, password }),
    });
    await giveBillingCountry(e2e.server.url, ((await login.json()) as { access_token: string }).access_token);
  }
  return { email, password };
}

/** Both widths: a screenshot each, axe clean, nothing wider than the phone. */
async function check(page: Page, name: string, ready: () => Promise<void>) {
  mkdirSync(SHOTS, { recursive: true });
  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    await ready();
    await page.screenshot({ path: `${SHOTS}/${name}-${label}.png` });
    expect(await axeViolations(page), `${name} at ${label}`).toEqual([]);
    const wide = await page.evaluate(
      `[...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1).slice(0, 8).map((e) => e.tagName + '.' + e.className + ' ' + Math.round(e.getBoundingClientRect().right))`,
    );
    expect(wide, `${name} at ${label}`).toEqual([]);
  }
}

const signIn = (page: Page, email: string, password: string) => signInMember(page, e2e.server.url, email, password);

async function packages(): Promise<TokenPackage[]> {
  return (await (await fetch(`${e2e.server.url}/api/tokens/packages`)).json()) as TokenPackage[];
}

describe('buying tokens in the browser (sandbox checkout)', () => {
  it('buys the Pro package through the sandbox pop-up, and returns to review when the pop-up is closed', async () => {
    const pro = (await packages()).find((p) => p.package_type === 'pro')!;
    const starter = (await packages()).find((p) => p.package_type === 'starter')!;
    expect(pro).toBeTruthy();
    const { email, password } = await newMember();

    const page = await e2e.browser.newPage({ viewport: DESKTOP });
    const errors = watchErrors(page);
    await signIn(page, email, password);
    await page.goto(`${e2e.server.url}/login-pricing`);
    await page.getByRole('heading', { name: 'Buy Tokens', level: 1 }).waitFor();
    await expect.poll(() => page.getByTestId('available-tokens').textContent()).toMatch(/^[\d,]+$/);
    const before = await digits(page, 'available-tokens');

    // The first purchase asks where the member is billed: India needs its state.
    await page.getByRole('button', { name: 'Buy Now: Pro package' }).click();
    const step = page.getByRole('dialog', { name: 'Your billing country' });
    await step.waitFor();
    await step.getByLabel('Billing country').selectOption('IN');
    await step.getByRole('button', { name: 'Continue' }).click();
    await step.getByText('Please choose your state').waitFor();
    await step.getByLabel('State').selectOption({ label: 'Karnataka' });
    await step.getByRole('button', { name: 'Continue' }).click();

    // Review: where the member is billed, price, GST, total and the validity.
    const dialog = page.getByRole('dialog', { name: 'Review your purchase' });
    await dialog.getByText('India · Karnataka').waitFor();
    await dialog.waitFor();
    await expect(dialog.getByTestId('review-price').textContent()).resolves.toBe(usd(pro.price_usd));
    await expect(dialog.getByTestId('review-gst').textContent()).resolves.toBe(usd(pro.gst_usd));
    await expect(dialog.getByTestId('review-total').textContent()).resolves.toBe(usd(pro.total_usd));
    await dialog.getByText('12 months').waitFor();

    // Proceed: the sandbox checkout opens as a pop-up; Approve pays.
    const [popup] = await Promise.all([page.waitForEvent('popup'), dialog.getByRole('button', { name: 'Proceed to payment' }).click()]);
    await popup.getByRole('button', { name: 'Approve' }).click();
    await page.getByText(`Successfully purchased ${tokens(pro.tokens)} tokens!`).waitFor();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await expect.poll(() => digits(page, 'available-tokens')).toBe(before + pro.tokens);

    // Another purchase, pop-up closed without paying: back on review.
    await page.getByRole('button', { name: 'Buy Now: Starter package' }).click();
    const again = page.getByRole('dialog', { name: 'Review your purchase' });
    const [second] = await Promise.all([page.waitForEvent('popup'), again.getByRole('button', { name: 'Proceed to payment' }).click()]);
    await page.getByRole('dialog', { name: 'Processing payment' }).waitFor();
    await second.getByRole('button', { name: 'Approve' }).waitFor();
    await second.close();
    await page.getByRole('dialog', { name: 'Review your purchase' }).waitFor();
    await expect(page.getByTestId('purchase-review').getAttribute('data-step')).resolves.toBe('review');
    await expect(page.getByRole('button', { name: 'Proceed to payment' }).isEnabled()).resolves.toBe(true);
    await expect(page.getByTestId('review-total').textContent()).resolves.toBe(usd(starter.total_usd));

    // Declined in the pop-up: 'Payment failed. Please try again.', back on review, nothing credited.
    const [third] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: 'Proceed to payment' }).click()]);
    await third.getByRole('button', { name: 'Decline' }).click();
    await page.getByText('Payment failed. Please try again.').waitFor();
    await page.getByRole('dialog', { name: 'Review your purchase' }).waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Close', exact: true }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await expect(digits(page, 'available-tokens')).resolves.toBe(before + pro.tokens);

    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('the billing country step', () => {
  it('a buyer outside India: the step at phone and desktop width, a zero-rated review, paid; the Profile changes it later', async () => {
    const starter = (await packages()).find((p) => p.package_type === 'starter')!;
    const { email, password } = await newMember();
    const page = await e2e.browser.newPage({ viewport: PHONE, bypassCSP: true });
    const errors = watchErrors(page);
    await signIn(page, email, password);
    await page.goto(`${e2e.server.url}/login-pricing`);
    await page.getByRole('heading', { name: 'Buy Tokens', level: 1 }).waitFor();

    await page.getByRole('button', { name: 'Buy Now: Starter package' }).click();
    const step = page.getByRole('dialog', { name: 'Your billing country' });
    await step.getByLabel('Billing country').waitFor();
    // The step's title takes focus (it names the step).
    await expect.poll(() => page.evaluate('document.activeElement?.textContent')).toBe('Your billing country');
    await check(page, 'country-step', () => step.getByRole('button', { name: 'Continue' }).waitFor());
    await step.getByRole('button', { name: 'Continue' }).click();
    await step.getByText('Please choose the country of your billing address').waitFor();
    await check(page, 'country-step-error', () => step.getByText('Please choose the country of your billing address').waitFor());
    await step.getByLabel('Billing country').selectOption('IN');
    await check(page, 'country-step-india', () => step.getByLabel('State').waitFor());
    await step.getByLabel('Billing country').selectOption({ label: 'Germany' });
    await expect(step.getByLabel('State').count()).resolves.toBe(0);
    await step.getByRole('button', { name: 'Continue' }).click();

    // An export: zero-rated under the LUT, the total is the price.
    const review = page.getByRole('dialog', { name: 'Review your purchase' });
    await review.getByText('Billed to Germany').waitFor();
    await review.getByText('GST (export, zero-rated)').waitFor();
    await expect(review.getByTestId('review-gst').textContent()).resolves.toBe(usd(0));
    await expect(review.getByTestId('review-total').textContent()).resolves.toBe(usd(starter.price_usd));
    await check(page, 'country-review-export', () => review.getByRole('button', { name: 'Proceed to payment' }).waitFor());

    const [popup] = await Promise.all([page.waitForEvent('popup'), review.getByRole('button', { name: 'Proceed to payment' }).click()]);
    await popup.getByRole('button', { name: 'Approve' }).click();
    await page.getByText(`Successfully purchased ${tokens(starter.tokens)} tokens!`).waitFor();
    await review.waitFor({ state: 'detached' });

    // The Profile's billing section: the country on record; India asks for the state before saving.
    await page.goto(`${e2e.server.url}/profile#billing-details`);
    const section = page.locator('#billing-details');
    const country = section.getByLabel('Billing country');
    await expect.poll(() => country.inputValue()).toBe('DE');
    await check(page, 'profile-billing', async () => {
      await section.scrollIntoViewIfNeeded();
    });
    await country.selectOption('IN');
    await section.getByRole('button', { name: 'Save billing details' }).click();
    await section.getByText('Please choose your state').waitFor();
    await section.getByLabel('State').selectOption({ label: 'Maharashtra' });
    await check(page, 'profile-billing-india', () => section.getByLabel('GSTIN').waitFor());
    await section.getByRole('button', { name: 'Save billing details' }).click();
    await page.getByText('Billing details saved').waitFor();

    // The next purchase is taxed for Maharashtra (IGST 18 %) without asking again.
    await page.goto(`${e2e.server.url}/login-pricing`);
    await page.getByRole('button', { name: 'Buy Now: Starter package' }).click();
    const next = page.getByRole('dialog', { name: 'Review your purchase' });
    await next.getByText('India · Maharashtra').waitFor();
    await expect(next.getByTestId('review-gst').textContent()).resolves.toBe(usd(starter.gst_usd));

    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('/pricing, signed out', () => {
  it('shows the grid and the sign-up badge; Buy goes to /login with the toast; Enterprise goes to /contact', async () => {
    const page = await e2e.browser.newPage({ viewport: PHONE });
    const errors = watchErrors(page);
    await page.goto(`${e2e.server.url}/pricing`);
    await waitForApp(page);
    await page.getByRole('link', { name: 'For free tokens, please sign up' }).waitFor();
    await page.getByTestId('package-pro').getByText('Most Popular').waitFor();
    await page.getByTestId('package-enterprise').getByText('Custom', { exact: true }).waitFor();

    await page.getByRole('button', { name: 'Buy Now: Pro package' }).click();
    await page.getByText('Please login to purchase tokens').waitFor();
    await page.waitForURL(/\/login$/);

    // After signing in, the member comes back to /pricing (the remembered page).
    const { email, password } = await newMember();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(/\/pricing$/);
    await expect.poll(() => page.getByTestId('token-balance').textContent()).toMatch(/Available: [\d,]+ tokens/);

    // Signed in, Buy opens the dialog here (its code loads on that click, decision 129): first
    // the billing country, as nothing is on record yet; Cancel closes it.
    await page.getByRole('button', { name: 'Buy Now: Pro package' }).click();
    const country = page.getByRole('dialog', { name: 'Your billing country' });
    await country.getByRole('button', { name: 'Continue' }).waitFor();
    await country.getByRole('button', { name: 'Cancel' }).click();
    await country.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Contact sales: Enterprise package' }).click();
    await page.waitForURL(/\/contact\?reason=custom_pricing$/);

    // Report Requirements: both views.
    await page.goto(`${e2e.server.url}/pricing`);
    await waitForApp(page);
    await page.getByRole('button', { name: /Features of the Comprehensive report/ }).click();
    await page.getByText('Everything in Advanced (24 sections), plus 10 more:').waitFor();
    await page.getByRole('button', { name: 'Compare Features' }).click();
    await page.getByRole('table', { name: 'Sections included in each report type' }).waitFor();
    const fitsPhone = await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth');
    expect(fitsPhone).toBe(true);

    expect(errors).toEqual([]);
    await page.close();
  });
});

/** True when the element shows above every open dialog's backdrop. */
const onTop = (node: unknown) => {
  // Toasts let clicks through (elementFromPoint skips them), so: inside the topmost open dialog,
  // the browser's top layer, where nothing (no backdrop) is drawn over them.
  const el = node as { closest(s: string): unknown };
  const doc = (globalThis as unknown as { document: { querySelectorAll(s: string): ArrayLike<unknown> } }).document;
  const open = Array.from(doc.querySelectorAll('dialog[open]'));
  return open.length > 0 && el.closest('dialog[open]') === open.at(-1);
};

describe('running out of tokens on the dashboard', () => {
  it('offers the packages in place over the generate form; the sandbox purchase completes and the report starts', async () => {
    const starter = (await packages()).find((p) => p.package_type === 'starter')!;
    const { email, password } = await newMember({ billedInIndia: true });
    const page = await e2e.browser.newPage({ viewport: PHONE });
    const errors = watchErrors(page);
    await signIn(page, email, password);
    await page.goto(`${e2e.server.url}/reports`);
    await expect.poll(() => page.getByTestId('token-balance-value').textContent()).toBe('2,500');

    const idea = 'A passive cooling tile for rooftops that radiates heat to the night sky and stores cold for the day.';
    await page.getByRole('button', { name: 'Generate Report' }).first().click();
    const generate = page.getByRole('dialog', { name: 'Generate Report' });
    await generate.getByText('Advanced', { exact: true }).click();
    await generate.getByLabel('Describe your technology idea').fill(idea);
    await generate.getByRole('button', { name: 'Generate Report' }).click();

    // One hop: the packages open over the form, on the same page.
    const buy = page.getByRole('dialog', { name: 'Buy Tokens' });
    await buy.getByText('Insufficient tokens. Required: 7500, Available: 2500. Please purchase more tokens.', { exact: false }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/reports');

    // A declined payment: its toast shows above the dialog, not dimmed under the backdrop.
    await buy.getByRole('button', { name: `Buy Now: ${starter.name} package` }).click();
    const review = page.getByRole('dialog', { name: 'Review your purchase' });
    const [declined] = await Promise.all([page.waitForEvent('popup'), review.getByRole('button', { name: 'Proceed to payment' }).click()]);
    await declined.getByRole('button', { name: 'Decline' }).click();
    const failed = page.getByText('Payment failed. Please try again.');
    await failed.waitFor();
    // Polled: the toast slides in, and mid-animation the point under its centre can still be the backdrop.
    await expect.poll(() => failed.evaluate(onTop)).toBe(true);

    // Approved: the tokens arrive and the member is back in the form, the idea still there.
    await review.getByRole('button', { name: 'Proceed to payment' }).waitFor();
    const [popup] = await Promise.all([page.waitForEvent('popup'), review.getByRole('button', { name: 'Proceed to payment' }).click()]);
    await popup.getByRole('button', { name: 'Approve' }).click();
    await page.getByText(`Successfully purchased ${tokens(starter.tokens)} tokens!`).waitFor();
    await review.waitFor({ state: 'detached' });
    await expect(buy.count()).resolves.toBe(0);
    await expect(generate.getByLabel('Describe your technology idea').inputValue()).resolves.toBe(idea);
    await generate.getByText(`you have ${tokens(2500 + starter.tokens)}`).waitFor();

    await generate.getByRole('button', { name: 'Generate Report' }).click();
    // What we understood, confirmed as read: only then are the tokens held.
    await generate.getByRole('heading', { name: 'What we understood' }).waitFor();
    await generate.getByRole('button', { name: 'Confirm and generate' }).click();
    await page.getByText('Report generation started').waitFor();
    await generate.waitFor({ state: 'detached' });
    await expect
      .poll(() => page.getByTestId('token-balance-value').textContent(), { timeout: 15_000 })
      .toBe(tokens(2500 + starter.tokens - 7500));

    expect(errors).toEqual([]);
    await page.close();
  });
});
