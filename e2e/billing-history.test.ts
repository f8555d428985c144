import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, PHONE, signInMember, watchErrors } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { giveBillingCountry } from './support/billing.ts';

/**
 * The member's Billing page, refunds and the operator's token grant, in the browser: a member
 * buys, sees the purchase with its invoice (and downloads it), asks for a refund, the operator
 * approves it, and the member sees the refund and its credit note; the operator grants tokens
 * from the user card, and the member's token history tells it in plain words. Mails arrive in
 * the dev mailbox.
 */
const OPERATOR = { username: 'ops', password: 'ops-password-123' };
const PASSWORD = 'Ledger2026ok';
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

/** A verified member through the API; with `buy`, a paid Starter package through the sandbox. */
async function member(name: string, buy: boolean) {
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
  if (buy) {
    await giveBillingCountry(server.url, session.access_token);
    const order = await call<{ order_id: string }>('/tokens/purchase/create-order', {
      token: session.access_token,
      body: { package_id: 'starter' },
    });
    const approved = await call('/payments/sandbox/approve', { token: session.access_token, body: { order_id: order.order_id } });
    await call('/tokens/purchase/verify-payment', { token: session.access_token, body: approved });
  }
  return { email, id: session.user.id, token: session.access_token };
}

const signIn = (page: Page, email: string) => signInMember(page, server.url, email, PASSWORD);

async function signInOperator(page: Page) {
  await page.goto(`${server.url}/admin`);
  await page.getByLabel('Username').fill(OPERATOR.username);
  await page.getByLabel('Password', { exact: true }).fill(OPERATOR.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByText('Admin login successful').waitFor();
}

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({ ADMIN_USERNAME: OPERATOR.username, ADMIN_PASSWORD: OPERATOR.password, SIGNUP_BONUS_TOKENS: '2500' }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('Billing and operator grants, in the browser', () => {
  it('an operator grants tokens from the user card; the member sees the purchase, downloads its invoice and reads the grant', async () => {
    const m = await member('Katherine Johnson', true);

    // The operator: Users tab, the member's card, grant with a reason, confirm.
    const ops = await browser.newPage({ viewport: DESKTOP });
    const opsErrors = watchErrors(ops);
    await signInOperator(ops);
    await ops.getByRole('tab', { name: /Users/ }).click();
    // By the email: a retried attempt has made a second Katherine.
    await ops.getByRole('button', { name: new RegExp(m.email.replace(/[.+]/g, '\\$&')) }).click();
    const form = ops.getByRole('region', { name: 'Grant or deduct tokens' });
    await form.getByRole('button', { name: 'Review' }).click();
    await form.getByText('A reason is required; the member sees it in their token history').waitFor();
    await form.getByLabel('Tokens').fill('1500');
    await form.getByLabel('Reason').fill('Goodwill for the slow report');
    await form.getByRole('button', { name: 'Review' }).click();
    const confirm = ops.getByRole('dialog', { name: 'Grant tokens?' });
    await confirm.getByRole('button', { name: 'Grant tokens' }).click();
    await ops.getByText('Granted 1,500 tokens. New balance: 14,000').waitFor();
    expect(opsErrors).toEqual([]);
    await ops.close();

    // The member: the Billing page from the side navigation.
    const page = await browser.newPage({ viewport: DESKTOP, acceptDownloads: true });
    const errors = watchErrors(page);
    await signIn(page, m.email);
    await page.goto(`${server.url}/reports`);
    await page.getByRole('navigation', { name: 'Member' }).getByRole('link', { name: 'Billing' }).click();
    await page.getByRole('heading', { name: 'Billing', level: 1 }).waitFor();
    const row = page.getByTestId('purchase-row');
    await row.getByText('Starter').waitFor();
    await row.getByText('$57.82').waitFor();
    await row.getByText('Paid').waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('button', { name: /Download invoice/ }).click()]);
    expect(download.suggestedFilename()).toMatch(/^INV-\d{4}-\d{2}-\d{6}\.pdf$/);
    const history = page.getByRole('list', { name: 'Token history' });
    await history.getByText('Operator grant: Goodwill for the slow report').waitFor();
    await history.getByText('Purchased the Starter package').waitFor();
    await history.getByText('Sign-up bonus').waitFor();
    await expect.poll(() => page.getByTestId('token-lot').count()).toBe(3);

    // On a phone the purchases are cards, each value named.
    await page.setViewportSize(PHONE);
    await row.getByText('$57.82').waitFor();
    const width = await page.evaluate<number>('document.documentElement.scrollWidth');
    expect(width).toBeLessThanOrEqual(PHONE.width);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('buy → invoice → refund request → operator approves → balance, Billing page and credit note updated; the mails arrive', async () => {
    const m = await member('Grace Hopper', false);
    const { token } = m;
    await giveBillingCountry(server.url, token);
    // A Basic report on the sign-up bonus (the lot that expires first), so the package bought next stays unused.
    const report = await call<{ id: string }>('/reports/generate', {
      token,
      body: {
        idea: 'A paper-based microfluidic test strip that detects lead in drinking water at 5 ppb within ten minutes, read by a phone camera.',
        complexity: 'basic',
      },
    });
    const balance = async () => (await call<{ available_tokens: number }>('/tokens/balance', { token })).available_tokens;

    const page = await browser.newPage({ viewport: DESKTOP, acceptDownloads: true });
    const errors = watchErrors(page);
    await signIn(page, m.email);
    await page.goto(`${server.url}/login-pricing`);
    await page.getByRole('button', { name: 'Buy Now: Starter package' }).click();
    const [popup] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: 'Proceed to payment' }).click()]);
    await popup.getByRole('button', { name: 'Approve' }).click();
    await page.getByText('Successfully purchased 10,000 tokens!').waitFor();
    await server.readMail(m.email, 30_000, /receipt: 10,000 tokens, invoice INV\//);
    await expect
      .poll(() => call<{ status: string }>(`/reports/${report.id}`, { token }).then((r) => r.status), { timeout: 120_000 })
      .toBe('completed');
    await server.readMail(m.email, 30_000, /^Your report is ready/);
    expect(await balance()).toBe(10000);

    // Billing: the purchase with its invoice, then the refund request.
    await page.goto(`${server.url}/billing`);
    const row = page.getByTestId('purchase-row');
    await row.getByText('Paid').waitFor();
    const [invoice] = await Promise.all([page.waitForEvent('download'), row.getByRole('button', { name: /Download invoice/ }).click()]);
    expect(invoice.suggestedFilename()).toMatch(/^INV-\d{4}-\d{2}-\d{6}\.pdf$/);
    await row.getByRole('button', { name: 'Request refund' }).click();
    const ask = page.getByRole('dialog', { name: 'Request a refund' });
    await ask.getByText('$52.04').waitFor(); // $57.82 paid less the 10 % fee ($5.78)
    await ask.getByLabel('Why are you asking for a refund?').fill('Bought the wrong package for my team');
    await ask.getByRole('button', { name: 'Send request' }).click();
    await ask.waitFor({ state: 'detached' });
    await row.getByText('Refund requested').waitFor();
    await expect(row.getByRole('button', { name: 'Request refund' }).count()).resolves.toBe(0);

    // The operator approves it in the Refunds tab.
    const ops = await browser.newPage({ viewport: DESKTOP });
    const opsErrors = watchErrors(ops);
    await signInOperator(ops);
    await ops.getByRole('tab', { name: /Refunds/ }).click();
    const request = ops
      .getByRole('list', { name: 'Refund requests' })
      .getByRole('listitem')
      .filter({ hasText: 'Bought the wrong package for my team' });
    await request.getByRole('button', { name: 'Approve' }).click();
    await ops.getByRole('dialog', { name: 'Approve this refund?' }).getByRole('button', { name: 'Approve and refund' }).click();
    await ops.getByText('Refund approved', { exact: true }).waitFor();
    expect(opsErrors).toEqual([]);
    await ops.close();

    // The member: tokens gone, the purchase refunded, its credit note to download, the mail in the box.
    expect(await balance()).toBe(0);
    await page.reload();
    await row.getByText('Partially refunded', { exact: true }).waitFor();
    await row.getByText('−$52.04 refunded').waitFor();
    const [note] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: /Download credit note CN\// }).click(),
    ]);
    expect(note.suggestedFilename()).toMatch(/^CN-\d{4}-\d{2}-\d{6}\.pdf$/);
    await page
      .getByRole('list', { name: 'Token history' })
      .getByText(/^Refunded/)
      .waitFor();
    const mail = await server.readMail(m.email, 30_000, /^Your refund is approved: credit note CN\//);
    expect(mail.raw).toMatch(/application\/pdf/);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a member with no purchases is pointed to Buy Tokens', async () => {
    const m = await member('Mary Jackson', false);
    const page = await browser.newPage({ viewport: PHONE });
    const errors = watchErrors(page);
    await signIn(page, m.email);
    await page.goto(`${server.url}/billing`);
    await page.getByText('No purchases yet').waitFor();
    await page.getByRole('link', { name: 'Buy Tokens' }).last().click();
    await page.getByRole('heading', { name: 'Buy Tokens', level: 1 }).waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });
});
