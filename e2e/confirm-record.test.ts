import { execFileSync } from 'node:child_process';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe.ts';
import { DESKTOP, overflowsSideways, PHONE, signInMember, watchErrors } from './support/browser.ts';
import { serverAndBrowser } from './support/server-and-browser.ts';

/**
 * "What we understood" (issue 24) in the browser, on the product as `npm start` runs it: the
 * offline analyst reads the idea and writes the report. Members start with enough for several reports.
 */
// On the embedded database: the newcomer's `npm start` queues and writes reports on PGlite.
const e2e = serverAndBrowser({ SIGNUP_BONUS_TOKENS: '20000' }, { embedded: true });
const PASSWORD = 'Orbit1962ok';

const IDEA =
  'AquaTrace: a paper test strip read by a smartphone camera that detects lead in drinking water down to 5 ppb in two minutes. ' +
  'We have a working lab prototype (TRL 4). Patent pending. Our customers would be municipal water utilities and schools.';

const post = (path: string, body: unknown, token?: string) =>
  fetch(`${e2e.server.url}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });

async function newMember(name: string) {
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}.${Date.now()}@example.com`;
  expect((await post('/auth/signup', { name, email, password: PASSWORD, phone: '+1 757 555 0100' })).status).toBeLessThan(300);
  const { code } = await e2e.server.readMail(email);
  expect((await post('/auth/verify-email-otp', { email, otp: code })).status).toBeLessThan(300);
  const login = await fetch(`${e2e.server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: email, password: PASSWORD }),
  });
  return { email, token: ((await login.json()) as { access_token: string }).access_token };
}

/** The accessible name of the focused element's nearest heading text (runs in the page). */
const focusedText = (page: Page) => page.evaluate('document.activeElement && document.activeElement.textContent');
/** Whether the page scrolls sideways (a phone layout that does not fit). */

describe('"What we understood", in the browser', () => {
  it('dashboard (desktop): edit the name and the stage, confirm; the report and its PDF use the edits; rename renames the download', async () => {
    const { email, token } = await newMember('Clair Patterson');
    const page = await e2e.browser.newPage({ viewport: DESKTOP, acceptDownloads: true, bypassCSP: true });
    const errors = watchErrors(page);
    await signInMember(page, e2e.server.url, email, PASSWORD);
    await page.goto(`${e2e.server.url}/reports`);
    await page.getByRole('heading', { name: 'My Reports' }).waitFor();

    await page.getByRole('button', { name: 'Generate Report' }).first().click();
    const modal = page.getByRole('dialog', { name: 'Generate Report' });
    // Said before anything is spent: the offline analyst writes here, and no AI provider is spoken of.
    await modal.getByTestId('writer-note').getByText('Written by the offline analyst.').waitFor();
    expect(await modal.getByText(/Your idea stays private/).textContent()).not.toMatch(/AI provider/);
    await modal.getByText('Basic', { exact: true }).click();
    await modal.getByLabel('Describe your technology idea').fill(IDEA);
    await modal.getByRole('button', { name: 'Generate Report' }).click();

    const step = modal.getByRole('form', { name: 'What we understood' });
    await step.getByRole('heading', { name: 'What we understood' }).waitFor();
    expect(await focusedText(page)).toBe('What we understood');
    // Read from the idea: its name, its stated stage (quoted), its patent status.
    expect(await step.getByLabel('Name').inputValue()).toBe('AquaTrace');
    expect(await step.getByLabel('Stage (technology readiness level)').inputValue()).toBe('4');
    await step.locator('blockquote').filter({ hasText: 'TRL 4' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    // Nothing held yet.
    await expect.poll(() => page.getByTestId('token-balance-value').textContent()).toBe('20,000');

    await step.getByLabel('Name').fill('AquaTrace Lead Strip');
    await step.getByLabel('Stage (technology readiness level)').selectOption('5');
    await step.getByRole('button', { name: 'Confirm and generate' }).click();
    await page.getByText('Report generation started').waitFor();
    await modal.waitFor({ state: 'detached' });

    const row = page.locator('[data-testid="report-row"]').filter({ visible: true }).first();
    await expect.poll(() => row.getAttribute('data-status'), { timeout: 90_000, interval: 500 }).toBe('completed');
    const list = (await (await fetch(`${e2e.server.url}/api/reports`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
      reports: { id: string; title: string; record: { name: string; stage: { trl: number | null } } | null; record_confirmed: boolean }[];
    };
    const report = list.reports[0]!;
    expect(report.record_confirmed).toBe(true);
    expect(report.record?.name).toBe('AquaTrace Lead Strip');
    expect(report.record?.stage.trl).toBe(5);

    // The details show the invention as confirmed.
    await row.getByRole('button', { name: report.title, exact: true }).click();
    const details = page.getByRole('dialog', { name: 'Report details' });
    await details.getByRole('heading', { name: 'The invention as confirmed' }).waitFor();
    await details.getByTestId('invention-record').getByText('AquaTrace Lead Strip').waitFor();
    await details.getByTestId('invention-record').getByText('TRL 5 — Validated in a relevant environment').waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // The PDF is built on the edits.
    const [first] = await Promise.all([page.waitForEvent('download'), details.getByRole('button', { name: 'Download PDF' }).click()]);
    expect(first.suggestedFilename()).toBe(`${report.title}.pdf`);
    const text = execFileSync('pdftotext', ['-q', await first.path(), '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    expect(text).toContain('AquaTrace Lead Strip');
    expect(text).toMatch(/TRL 5/);

    // Rename: the list, the details and the download follow.
    await details.getByRole('button', { name: 'Rename report' }).click();
    await details.getByLabel('Report title').fill('Lead in school drinking water');
    await details.getByRole('button', { name: 'Save title' }).click();
    await details.getByRole('heading', { name: 'Lead in school drinking water' }).waitFor();
    await row.getByRole('button', { name: 'Lead in school drinking water', exact: true }).waitFor();
    const [renamed] = await Promise.all([page.waitForEvent('download'), details.getByRole('button', { name: 'Download PDF' }).click()]);
    expect(renamed.suggestedFilename()).toBe('Lead in school drinking water.pdf');
    // The server names it so too (a download from a mail link, or after a reload).
    const res = await fetch(`${e2e.server.url}/api/reports/${report.id}/download`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.headers.get('content-disposition') ?? '').toContain('Lead in school drinking water');

    expect(errors).toEqual([]);
    await page.close();
  });

  it('home (phone): the step fits a phone, Back keeps the idea, and confirming starts the report', async () => {
    const { email } = await newMember('Rachel Carson');
    const page = await e2e.browser.newPage({ viewport: PHONE, bypassCSP: true });
    const errors = watchErrors(page);
    await signInMember(page, e2e.server.url, email, PASSWORD);
    await page.goto(`${e2e.server.url}/`);
    const form = page.getByRole('form', { name: 'Generate a technology assessment report' });
    await form.getByText('Basic', { exact: true }).click();
    await form.getByLabel('Describe your technology idea').fill(IDEA);
    await form.getByRole('button', { name: /^Generate (Free )?Assessment Report$/ }).click();

    const step = page.getByRole('form', { name: 'What we understood' });
    await step.getByRole('heading', { name: 'What we understood' }).waitFor();
    expect(await focusedText(page)).toBe('What we understood');
    expect(await overflowsSideways(page)).toBe(false);
    expect(await axeViolations(page)).toEqual([]);

    // Back: the idea as typed, focus in it.
    await step.getByRole('button', { name: 'Back' }).click();
    expect(await form.getByLabel('Describe your technology idea').inputValue()).toBe(IDEA);
    expect(await page.evaluate('document.activeElement && document.activeElement.tagName')).toBe('TEXTAREA');

    await form.getByRole('button', { name: /^Generate (Free )?Assessment Report$/ }).click();
    await step.getByLabel('Field').selectOption({ label: 'Water' });
    await step.getByRole('button', { name: 'Confirm and generate' }).click();
    await page.waitForURL(/\/reports$/);
    await page.getByRole('heading', { name: 'My Reports' }).waitFor();
    await expect.poll(() => page.locator('[data-testid="report-card"]').filter({ visible: true }).count()).toBe(1);

    expect(errors).toEqual([]);
    await page.close();
  });
});
