import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe.ts';
import { DESKTOP, launchBrowser, PHONE, signInMember, watchErrors } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { giveBillingCountry } from './support/billing.ts';

/**
 * Issue 26, items 7 and 8 in the browser, at phone and desktop width, axe clean: a pending
 * refund (held tokens in the generate dialog, Withdraw on Billing), a refunded purchase
 * (Partially refunded with the amount back), an ineligible one (the reason), and the operator's
 * Token Purchases with its state filter and net figures, and the user card.
 * Screenshots go to SHOTS_DIR (default /tmp/shots-i26-money).
 */
const OPERATOR = { username: 'ops', password: 'ops-password-123' };
const PASSWORD = 'Ledger2026ok';
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-i26-money';
let server: RunningServer;
let browser: Browser;

const call = async <T>(path: string, init: { body?: unknown; token?: string; basic?: boolean } = {}): Promise<T> => {
  const res = await fetch(`${server.url}/api${path}`, {
    method: init.body === undefined ? 'GET' : 'POST',
    headers: {
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...(init.basic ? { authorization: `Basic ${Buffer.from(`${OPERATOR.username}:${OPERATOR.password}`).toString('base64')}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (!res.ok) throw new Error(`${path} → ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
};

async function member(name: string) {
  const email = `${name.split(' ')[0]!.toLowerCase()}.${Date.now()}.${Math.random().toString(36).slice(2, 6)}@example.com`;
  await call('/auth/signup', { body: { name, email, password: PASSWORD, phone: '+1 757 555 0100' } });
  const { code } = await server.readMail(email);
  await call('/auth/verify-email-otp', { body: { email, otp: code } });
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: email, password: PASSWORD }),
  });
  const session = (await login.json()) as { access_token: string; user: { id: string } };
  return { email, token: session.access_token };
}

async function buy(token: string) {
  await giveBillingCountry(server.url, token);
  const order = await call<{ order_id: string }>('/tokens/purchase/create-order', { token, body: { package_id: 'starter' } });
  const approved = await call('/payments/sandbox/approve', { token, body: { order_id: order.order_id } });
  await call('/tokens/purchase/verify-payment', { token, body: approved });
  const { purchases } = await call<{ purchases: { id: string; refund_request_id: string | null }[] }>('/billing/purchases', { token });
  return purchases[0]!.id;
}

/** Both widths: a screenshot each, axe clean, no horizontal scroll on the phone. */
async function check(page: Page, name: string, ready: () => Promise<void>) {
  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    await ready();
    await page.screenshot({ path: `${SHOTS}/${name}-${label}.png`, fullPage: true });
    expect(await axeViolations(page), `${name} at ${label}`).toEqual([]);
  }
}

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  [server, browser] = await Promise.all([
    startServer({ ADMIN_USERNAME: OPERATOR.username, ADMIN_PASSWORD: OPERATOR.password, SIGNUP_BONUS_TOKENS: '2500' }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('refunds on the member and operator screens', () => {
  it('a pending refund holds its package (generate dialog, Billing with Withdraw), then reads Partially refunded for member and operator', async () => {
    const m = await member('Dorothy Vaughan');
    const used = await buy(m.token);
    await call('/reports/generate', {
      token: m.token,
      body: {
        idea: 'A paper-based microfluidic test strip that detects lead in drinking water at 5 ppb within ten minutes, read by a phone camera.',
        complexity: 'comprehensive',
      },
    });
    const held = await buy(m.token);
    await call(`/billing/purchases/${held}/refund-request`, { token: m.token, body: { reason: 'Bought one package too many' } });
    expect(used).not.toBe(held);

    const page = await browser.newPage({ viewport: DESKTOP, bypassCSP: true });
    const errors = watchErrors(page);
    await signInMember(page, server.url, m.email, PASSWORD);

    // The generate dialog says the package is held.
    await page.goto(`${server.url}/reports`);
    await page
      .getByRole('button', { name: /Generate( New)? Report/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: 'Generate Report' });
    await check(page, 'generate-dialog-refund-held', () => dialog.getByTestId('refund-held-note').waitFor());
    expect(await dialog.getByTestId('refund-held-note').textContent()).toMatch(
      /^10,000 more tokens are held while your refund request is pending/,
    );
    await page.keyboard.press('Escape');

    // Billing: the waiting request with Withdraw; the used package says why it cannot be refunded.
    await page.goto(`${server.url}/billing`);
    const rows = page.getByTestId('purchase-row');
    await check(page, 'billing-refund-pending', () =>
      rows
        .first()
        .getByRole('button', { name: /^Withdraw request/ })
        .waitFor(),
    );
    await rows
      .nth(1)
      .getByText(/^No refund: Some tokens of this package have already been used/)
      .waitFor();

    // The operator approves; the member's row reads Partially refunded with the amount back.
    const { items } = await call<{ items: { id: string; purchase_id: string }[] }>('/admin/refunds?status=requested', { basic: true });
    await call(`/admin/refunds/${items.find((r) => r.purchase_id === held)!.id}/approve`, { basic: true, body: {} });
    await page.reload();
    await check(page, 'billing-refunded', () => rows.first().getByText('Partially refunded', { exact: true }).waitFor());
    await rows.first().getByText('−$52.04 refunded').waitFor();
    expect(errors).toEqual([]);
    await page.close();

    // The operator: Token Purchases filtered to Partially refunded, with the net figures; the user card.
    const ops = await browser.newPage({ viewport: DESKTOP, bypassCSP: true });
    const opsErrors = watchErrors(ops);
    await ops.goto(`${server.url}/admin`);
    await ops.getByLabel('Username').fill(OPERATOR.username);
    await ops.getByLabel('Password', { exact: true }).fill(OPERATOR.password);
    await ops.getByRole('button', { name: 'Sign in', exact: true }).click();
    await ops.getByText('Admin login successful').waitFor();
    await ops.getByRole('tab', { name: /Token Purchases/ }).click();
    await ops.getByLabel('Status').selectOption('partially_refunded');
    const tx = ops.getByTestId('transaction-row');
    await expect.poll(() => tx.count()).toBe(1);
    await check(ops, 'admin-token-purchases-refunded', () => tx.first().getByText('−$52.04 refunded · net $5.78').waitFor());
    await ops
      .getByTestId('purchase-breakdown')
      .getByText(/of which 1 partially refunded/)
      .waitFor();
    await ops.getByRole('tab', { name: /Users/ }).click();
    await ops.getByRole('button', { name: new RegExp(m.email.replace(/[.+]/g, '\\$&')) }).click();
    const subs = ops.getByRole('region', { name: 'Subscriptions' });
    await check(ops, 'admin-user-card-refunded', () => subs.getByText('Partially refunded', { exact: true }).waitFor());
    expect(await subs.textContent()).not.toMatch(/Active|Cancelled/);
    expect(opsErrors).toEqual([]);
    await ops.close();
  }, 240_000);
});
