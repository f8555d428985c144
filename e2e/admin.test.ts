import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { readSheet } from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, PHONE, waitForApp, watchErrors } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';
import { giveBillingCountry } from './support/billing.ts';

/**
 * The operator panel on a fresh install with one operator (ADMIN_USERNAME/PASSWORD), one member
 * who has a completed report and a sandbox purchase, and one contact message.
 */
const OPERATOR = { username: 'ops', password: 'ops-password-123' };
const PASSWORD = 'Orbit1962ok';
const CREDENTIALS_KEY = 'assay.admin.credentials';

let server: RunningServer;
let browser: Browser;
let seeded: { name: string; email: string; reportId: string; paymentId: string };

const call = async <T>(path: string, init: { method?: string; body?: unknown; token?: string } = {}): Promise<T> => {
  const res = await fetch(`${server.url}/api${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path} → ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
};

/** A member with a completed Basic report and a paid Starter package, all through the API. */
async function seedMember() {
  const name = 'Grace Hopper';
  const email = `grace.hopper.${Date.now()}@example.com`;
  await call('/auth/signup', { body: { name, email, password: PASSWORD, phone: '+1 757 555 0100' } });
  const { code } = await server.readMail(email);
  await call('/auth/verify-email-otp', { body: { email, otp: code } });
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: email, password: PASSWORD }),
  });
  const { access_token: token } = (await login.json()) as { access_token: string };

  const report = await call<{ id: string }>('/reports/generate', {
    token,
    body: {
      idea: 'A compiler that translates plain English business rules into verified, auditable program code for banks.',
      complexity: 'basic',
    },
  });
  const deadline = Date.now() + 90_000;
  for (;;) {
    const r = await call<{ status: string }>(`/reports/${report.id}`, { token });
    if (r.status === 'completed') break;
    if (r.status === 'failed' || Date.now() > deadline) throw new Error(`report did not complete: ${r.status}`);
    await new Promise((res) => setTimeout(res, 500));
  }

  // A sandbox purchase: the order, the sandbox's approval (what its checkout page does), and verification.
  await giveBillingCountry(server.url, token);
  const order = await call<{ order_id: string }>('/tokens/purchase/create-order', { token, body: { package_id: 'starter' } });
  const approved = await call<{ razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature: string }>(
    '/payments/sandbox/approve',
    { token, body: { order_id: order.order_id } },
  );
  await call('/tokens/purchase/verify-payment', { token, body: approved });

  await call('/contact', {
    body: {
      reason: 'ip_licensing',
      name: 'Ada Lovelace',
      phone: '+44 20 7946 0958',
      email: 'ada.lovelace@example.com',
      message: 'We would like to license the analytical engine patents.',
    },
  });
  return { name, email, reportId: report.id, paymentId: approved.razorpay_payment_id };
}

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({ ADMIN_USERNAME: OPERATOR.username, ADMIN_PASSWORD: OPERATOR.password, SIGNUP_BONUS_TOKENS: '2500' }),
    launchBrowser(),
  ]);
  seeded = await seedMember();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function signIn(page: Page) {
  await page.goto(`${server.url}/admin`);
  await page.getByRole('heading', { name: 'Operator panel' }).waitFor();
  await page.getByLabel('Username').fill(OPERATOR.username);
  await page.getByLabel('Password', { exact: true }).fill(OPERATOR.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByText('Admin login successful').waitFor();
}

/** The e2e project has no DOM types: page scripts are strings. */
const storedCredentials = (page: Page) => page.evaluate<string | null>(`sessionStorage.getItem(${JSON.stringify(CREDENTIALS_KEY)})`);

const tab = (page: Page, name: string | RegExp) => page.getByRole('tab', { name });

describe('the operator panel, in the browser', () => {
  it('signs in, finds a member, downloads a report, publishes and unpublishes a post, exports, and logs out', async () => {
    const page = await browser.newPage({ viewport: DESKTOP, acceptDownloads: true });
    const errors = watchErrors(page);

    // Login: required fields, then a wrong password, then the right one.
    await page.goto(`${server.url}/admin`);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByText('Username is required').waitFor();
    await page.getByText('Password is required').waitFor();
    await page.getByLabel('Username').fill(OPERATOR.username);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByText('Invalid admin credentials').waitFor();
    await expect(storedCredentials(page)).resolves.toBeNull();
    await page.getByLabel('Password', { exact: true }).fill(OPERATOR.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByText('Admin login successful').waitFor();
    await expect(storedCredentials(page)).resolves.toContain('"username":"ops"');

    // Header: the user count; Dashboard: the four stats, the USD revenue listed under the rupees.
    await expect.poll(() => page.getByTestId('admin-user-count').textContent()).toBe('1 user');
    await page.getByRole('button', { name: 'Logout' }).waitFor();
    await expect.poll(() => tab(page, 'Dashboard').getAttribute('aria-selected')).toBe('true');
    const stats = page.getByTestId('stat-card');
    await expect.poll(() => stats.count()).toBe(4);
    await expect(stats.filter({ hasText: 'Total Users' }).textContent()).resolves.toContain('1');
    await expect(stats.filter({ hasText: 'Total Reports' }).textContent()).resolves.toContain('1');
    await expect(stats.filter({ hasText: 'Token Transactions' }).textContent()).resolves.toContain('1');
    const revenue = stats.filter({ hasText: 'Total Revenue' });
    // Dollar sales: the dollar figure is the revenue, with its code; no rupee headline of ₹0.00.
    await revenue.getByText(/^\$\d+\.\d{2}$/).waitFor();
    await revenue.getByText('USD', { exact: true }).waitFor();
    await expect(revenue.textContent()).resolves.not.toContain('₹');
    // What the purchase counts count, the same on the card and the tab.
    await expect(stats.filter({ hasText: 'Token Transactions' }).getByTestId('purchase-breakdown').textContent()).resolves.toBe(
      'All: 1 purchase (1 paid, 0 failed, 0 pending)',
    );
    // Tab counts: one purchase, one contact message, the seeded 4 blog posts and 3 press releases.
    await expect.poll(() => tab(page, /Token Purchases/).textContent()).toBe('Token Purchases1');
    await expect.poll(() => tab(page, /Contact Submissions/).textContent()).toBe('Contact Submissions1');
    await expect.poll(() => tab(page, /Blog Posts/).textContent()).toBe('Blog Posts4');
    await expect.poll(() => tab(page, /Press Releases/).textContent()).toBe('Press Releases3');

    // A shortcut card switches tabs; Users & Reports: search, expand, download the PDF.
    await page.getByRole('button', { name: /^Manage Users/ }).click();
    await expect.poll(() => tab(page, 'Users & Reports').getAttribute('aria-selected')).toBe('true');
    await page.getByRole('searchbox', { name: 'Search users by name or email' }).fill('nobody-by-this-name');
    await page.getByText('No users found').waitFor();
    await page.getByRole('searchbox', { name: 'Search users by name or email' }).fill('hopper');
    const card = page.getByTestId('user-card').filter({ hasText: seeded.email });
    await card.waitFor();
    const toggle = card.getByRole('button', { name: new RegExp(seeded.name) });
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('false');
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
    const subscriptions = card.getByRole('region', { name: 'Subscriptions' });
    await subscriptions
      .getByText(/Starter/)
      .first()
      .waitFor();
    await subscriptions.getByText('Paid', { exact: true }).waitFor();
    const reports = card.getByRole('region', { name: 'Reports' });
    const download = reports.getByRole('button', { name: /^Download PDF/ });
    await download.waitFor();
    const [pdf] = await Promise.all([page.waitForEvent('download'), download.click()]);
    expect(pdf.suggestedFilename()).toBe(`report-${seeded.reportId}.pdf`);
    expect(
      readFileSync(await pdf.path())
        .subarray(0, 4)
        .toString('latin1'),
    ).toBe('%PDF');
    await page.getByText('Report downloaded').waitFor();
    // The review's findings on the report, for the operator.
    await reports.getByTestId('admin-report-review').waitFor();
    expect(await reports.getByTestId('admin-report-review').textContent()).toMatch(/^Review: (no findings|\d+ findings?)/);
    if (process.env.SHOTS_DIR) {
      const summary = reports.locator('[data-testid="admin-report-review"] summary');
      if (await summary.count()) await summary.click();
      await page.screenshot({ path: `${process.env.SHOTS_DIR}/admin-review-${page.viewportSize()!.width}.png`, fullPage: true });
    }
    // Collapsing drops the details.
    await toggle.click();
    await expect.poll(() => card.getByRole('region', { name: 'Reports' }).count()).toBe(0);

    // Tabs by keyboard: ArrowRight from Users & Reports → Token Purchases.
    await tab(page, 'Users & Reports').focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => tab(page, /Token Purchases/).getAttribute('aria-selected')).toBe('true');
    await expect
      .poll(() => page.evaluate<string | null>('document.activeElement && document.activeElement.textContent'))
      .toBe('Token Purchases1');
    await expect
      .poll(() => page.getByTestId('purchase-summary').getByTestId('purchase-breakdown').textContent())
      .toBe('1 purchase (1 paid, 0 failed, 0 pending)');
    const row = page.getByTestId('transaction-row').filter({ hasText: seeded.name });
    await row.waitFor();
    await row.getByText(seeded.paymentId.slice(-8), { exact: true }).waitFor();
    await row.getByText('Paid', { exact: true }).waitFor();
    await row.getByText(/^\$\d+\.\d{2}$/).waitFor();

    // Export Transactions: an .xlsx that opens, with the header row and the purchase.
    const [xlsx] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export Transactions' }).click()]);
    expect(xlsx.suggestedFilename()).toMatch(/^transactions-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const sheet = await readSheet(readFileSync(await xlsx.path()));
    expect(sheet[0]).toEqual([
      'Member ID',
      'User',
      'Email',
      'Plan',
      'Package',
      'Tokens',
      'Amount',
      'Tax (GST)',
      'Refunded',
      'Refunded tax',
      'Net',
      'Currency',
      'Status',
      'Refund requested',
      'Date (UTC)',
      'Active Until (UTC)',
      'Payment ID',
      'Order ID',
      'Invoice',
    ]);
    expect(sheet).toHaveLength(2);
    // The member's id, labels (not codes) and instants in ISO 8601 with their zone.
    expect(sheet[1]!.slice(1, 5)).toEqual([seeded.name, seeded.email, 'Starter', 'Starter']);
    expect(sheet[1]![0]).toMatch(/^[0-9a-f-]{36}$/);
    // The status in the one vocabulary, and nothing refunded.
    expect([sheet[1]![8], sheet[1]![12], sheet[1]![13]]).toEqual([0, 'Paid', 'No']);
    expect(sheet[1]![14]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/);
    expect(sheet[1]![16]).toBe(seeded.paymentId);
    await page.getByText('Exported all transactions to Excel').waitFor();

    // Contact Submissions: search, an empty result, and the CSV.
    await tab(page, /Contact Submissions/).click();
    const submissions = page.getByTestId('contact-submission');
    await submissions.filter({ hasText: 'Ada Lovelace' }).waitFor();
    await page.getByRole('searchbox', { name: 'Search contact submissions' }).fill('analytical engine');
    await expect.poll(() => submissions.count()).toBe(1);
    await page.getByRole('searchbox', { name: 'Search contact submissions' }).fill('no such words anywhere');
    await page.getByText('No contact submissions found').waitFor();
    await page.getByRole('searchbox', { name: 'Search contact submissions' }).fill('');
    await page.getByLabel('From', { exact: true }).fill('2000-01-01');
    await page.getByLabel('To', { exact: true }).fill('2000-01-02');
    await page.getByText('No contact submissions found').waitFor();
    await page.getByRole('button', { name: 'Clear' }).click();
    await submissions.first().waitFor();
    const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
    expect(csv.suggestedFilename()).toMatch(/\.csv$/);
    expect(readFileSync(await csv.path(), 'utf8')).toContain('ada.lovelace@example.com');

    // Blog Posts: the form's checks, the live preview of sanitised HTML, create.
    await tab(page, /Blog Posts/).click();
    await page.getByTestId('admin-post').first().waitFor();
    await page.getByRole('button', { name: 'Create Blog Post' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Blog Post' });
    await expect(dialog.getByLabel('Author Name').inputValue()).resolves.toBe('Admin');
    await dialog.getByLabel('Author Name').fill('');
    await dialog.getByLabel(/Image URL/).fill('javascript:alert(1)');
    await dialog.getByRole('button', { name: 'Create Blog Post' }).click();
    for (const message of ['Title is required', 'Author name is required', 'Content is required']) {
      await dialog.getByText(message).waitFor();
    }
    await dialog.getByText('Image URL must be a valid http(s) URL or a path starting with /').waitFor();

    const title = `Operator note ${Date.now()}`;
    await dialog.getByLabel('Title', { exact: true }).fill(title);
    await dialog.getByLabel('Author Name').fill('Ops Team');
    await dialog.getByLabel('Description', { exact: true }).fill('A short post written from the operator panel.');
    await dialog.getByLabel(/Image URL/).fill('');
    await dialog.getByRole('button', { name: 'HTML' }).click();
    await dialog.getByLabel(/Content/).fill('<h2>Hello</h2><p>World <script>alert(1)</script></p>');
    const preview = dialog.getByTestId('post-preview');
    await preview.getByRole('heading', { name: 'Hello' }).waitFor();
    await preview.getByText('World').waitFor();
    await expect(preview.locator('script').count()).resolves.toBe(0);
    await expect(preview.innerHTML()).resolves.not.toContain('alert');
    await dialog.getByRole('button', { name: 'Create Blog Post' }).click();
    await page.getByText('Post created successfully').waitFor();
    await expect.poll(() => dialog.count()).toBe(0);
    const post = page.getByTestId('admin-post').filter({ hasText: title });
    await post.getByText('Draft').waitFor();
    await post.getByText('By Ops Team').waitFor();
    await expect.poll(() => tab(page, /Blog Posts/).textContent()).toBe('Blog Posts5');

    // Publish → it is on the public blog, with the script gone.
    await post.getByRole('button', { name: `Publish ${title}` }).click();
    await page.getByText('Post published successfully').waitFor();
    await post.getByText('Published', { exact: true }).waitFor();
    const visitor = await browser.newPage({ viewport: DESKTOP });
    const visitorErrors = watchErrors(visitor);
    await visitor.goto(`${server.url}/blog`);
    // The list arrives drawn by the server; its links navigate inside the app once it runs.
    await waitForApp(visitor);
    const link = visitor.getByRole('link', { name: title, exact: true }).first();
    await link.waitFor();
    await link.click();
    await visitor.getByRole('heading', { level: 1, name: title }).waitFor();
    const article = visitor.locator('article');
    await article.locator('.prose-content').getByRole('heading', { name: 'Hello' }).waitFor();
    await article.getByText('World').waitFor();
    await expect(article.locator('script').count()).resolves.toBe(0);

    // Unpublish → gone from the public blog.
    await post.getByRole('button', { name: `Unpublish ${title}` }).click();
    await page.getByText('Post unpublished successfully').waitFor();
    await post.getByText('Draft').waitFor();
    await visitor.goto(`${server.url}/blog`);
    await visitor
      .getByRole('link', { name: /Technology Readiness Levels Explained/ })
      .first()
      .waitFor();
    await expect(visitor.getByRole('link', { name: title }).count()).resolves.toBe(0);
    expect(visitorErrors).toEqual([]);
    await visitor.close();

    // Delete asks first; dismissing keeps the post.
    page.once('dialog', (d) => {
      expect(d.message()).toBe('Are you sure you want to delete this post?');
      void d.dismiss();
    });
    await post.getByRole('button', { name: `Delete ${title}` }).click();
    await expect(post.count()).resolves.toBe(1);

    // Logout: back to the login, credentials and data gone.
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    await expect(storedCredentials(page)).resolves.toBeNull();
    await page.reload();
    await page.getByLabel('Username').waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('keeps the operator signed in across a reload, and fits a phone screen', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    const errors = watchErrors(page);
    await signIn(page);
    await page.reload();
    await page.getByRole('button', { name: 'Logout' }).waitFor();
    const noSideScroll = () => page.evaluate<boolean>('document.documentElement.scrollWidth <= window.innerWidth');
    for (const name of ['Users & Reports', /Token Purchases/, /Contact Submissions/, /Blog Posts/, 'Dashboard']) {
      await tab(page, name).click();
      await expect.poll(() => tab(page, name).getAttribute('aria-selected')).toBe('true');
      await page.getByRole('tabpanel').locator('h2').first().waitFor();
      await expect.poll(noSideScroll).toBe(true);
    }
    // A member's reports with their review findings, opened, still fit the phone.
    await tab(page, 'Users & Reports').click();
    const card = page.getByRole('button', { name: /Grace Hopper/ });
    await card.click();
    const review = page.getByTestId('admin-report-review').first();
    await review.waitFor();
    const summary = review.locator('summary');
    if (await summary.count()) await summary.click();
    await expect.poll(noSideScroll).toBe(true);
    if (process.env.SHOTS_DIR)
      await page.screenshot({ path: `${process.env.SHOTS_DIR}/admin-review-${page.viewportSize()!.width}.png`, fullPage: true });
    await card.click();
    // A post's delete, confirmed, removes it.
    await tab(page, /Press Releases/).click();
    const first = page.getByTestId('admin-post').first();
    await first.waitFor();
    const before = await page.getByTestId('admin-post').count();
    page.once('dialog', (d) => void d.accept());
    await first.getByRole('button', { name: /^Delete / }).click();
    await page.getByText('Post deleted successfully').waitFor();
    await expect.poll(() => page.getByTestId('admin-post').count()).toBe(before - 1);
    await expect.poll(() => tab(page, /Press Releases/).textContent()).toBe(`Press Releases${before - 1}`);
    expect(errors).toEqual([]);
    await page.close();
  });
});
