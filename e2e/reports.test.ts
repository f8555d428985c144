import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, PHONE, signInMember, watchErrors } from './support/browser.ts';
import { startFakeOpenAI, type FakeOpenAI } from '../packages/report-engine/test/fakes/index.ts';
import { startServer, type RunningServer } from './support/server.ts';

const PASSWORD = 'Orbit1962ok';

/**
 * There is no public way to grant tokens, so members of this server start with 40,000 instead of
 * the default 2,500 (one server keeps the file fast; the first test spends down to 2,500).
 */
let server: RunningServer;
let browser: Browser;
/**
 * Reports are written through the production LLM adapter against a fake OpenAI-compatible server
 * on loopback: its pace can be slowed, so a report is still in progress when the dashboard opens
 * (the offline analyst finishes a Basic report in about two seconds on a quiet machine).
 */
let llm: FakeOpenAI;
beforeAll(async () => {
  llm = await startFakeOpenAI();
  [server, browser] = await Promise.all([
    startServer({
      SIGNUP_BONUS_TOKENS: '40000',
      LLM_PROVIDER: 'openai-compatible',
      LLM_BASE_URL: llm.baseUrl,
      LLM_API_KEY: 'e2e-key',
      LLM_MODEL: 'e2e-model',
    }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await llm?.close();
});

const post = (srv: RunningServer, path: string, body: unknown, token?: string) =>
  fetch(`${srv.url}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });

/** Signs a member up through the API with the emailed code; returns the email and an access token. */
async function member(srv: RunningServer, name: string) {
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}.${Date.now()}@example.com`;
  expect((await post(srv, '/auth/signup', { name, email, password: PASSWORD, phone: '+1 757 555 0100' })).status).toBeLessThan(300);
  const { code } = await srv.readMail(email);
  expect((await post(srv, '/auth/verify-email-otp', { email, otp: code })).status).toBeLessThan(300);
  const login = await fetch(`${srv.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: email, password: PASSWORD }),
  });
  const { access_token } = (await login.json()) as { access_token: string };
  return { email, token: access_token };
}

const signIn = (page: Page, srv: RunningServer, email: string) => signInMember(page, srv.url, email, PASSWORD);

/** Records every progress text the dashboard shows, however briefly (runs in the page). */
const RECORD_PROGRESS = `
  window.__progressSeen = [];
  new MutationObserver(() => {
    for (const el of document.querySelectorAll('[data-testid="report-stage"]')) {
      const t = el.textContent || '';
      if (t && !window.__progressSeen.includes(t)) window.__progressSeen.push(t);
    }
  }).observe(document, { subtree: true, childList: true, characterData: true });
`;

/** The bit of a <canvas> the test reads (the e2e project has no DOM types). */
interface CanvasLike {
  width: number;
  height: number;
  getContext(kind: '2d'): { getImageData(x: number, y: number, w: number, h: number): { data: ArrayLike<number> } };
}

/** True when a canvas has drawn something darker than the white page background (runs in the page). */
const canvasHasInk = (node: unknown) => {
  const c = node as CanvasLike;
  const { data } = c.getContext('2d').getImageData(0, 0, c.width, Math.min(c.height, 400));
  for (let i = 0; i < data.length; i += 4) if (data[i]! < 200) return true;
  return false;
};

const visibleRows = (page: Page) => page.locator('[data-testid="report-row"]').filter({ visible: true });

describe('the reports dashboard, in the browser', () => {
  it('generates from Home, follows progress live, previews and downloads the PDF, and then asks for tokens', async () => {
    const page = await browser.newPage({ viewport: DESKTOP, acceptDownloads: true });
    const errors = watchErrors(page);
    await page.addInitScript({ content: RECORD_PROGRESS });
    const { email, token } = await member(server, 'Katherine Johnson');
    // Spend down to the usual signup bonus: 5 Advanced reports leave 2,500 tokens, one Basic report.
    for (let i = 0; i < 5; i++) {
      const idea = `Background study ${i + 1}: a membrane that separates lithium from geothermal brine at low pressure and temperature.`;
      expect((await post(server, '/reports/generate', { idea, complexity: 'advanced' }, token)).status).toBe(201);
    }
    // Let them finish first: their own "is ready" toasts would otherwise stack over the one checked below.
    await expect
      .poll(
        async () => {
          const res = await fetch(`${server.url}/api/reports`, { headers: { authorization: `Bearer ${token}` } });
          const { reports } = (await res.json()) as { reports: { status: string }[] };
          return reports.filter((r) => r.status === 'processing').length;
        },
        { timeout: 90_000, interval: 500 },
      )
      .toBe(0);
    await signIn(page, server, email);
    // Slow enough to be followed: every model call now waits a second before answering.
    llm.setPace({ delayToFirstTokenMs: 1000 });

    // Home: pick Basic, describe the idea, generate → the dashboard.
    await page.goto(`${server.url}/`);
    const form = page.getByRole('form', { name: 'Generate a technology assessment report' });
    await form.getByText('Basic', { exact: true }).click();
    await form
      .getByLabel('Describe your technology idea')
      .fill('A low-cost sensor patch that detects early crop disease from leaf moisture patterns, for smallholder farmers.');
    await form.getByRole('button', { name: /^Generate (Free )?Assessment Report$/ }).click();
    // What we understood (read by the model, slowed to a second): confirmed as read.
    await page.getByRole('form', { name: 'What we understood' }).getByRole('button', { name: 'Confirm and generate' }).click();
    await page.waitForURL(/\/reports$/);
    await page.getByRole('heading', { name: 'My Reports' }).waitFor();
    await page.evaluate('window.__noReload = true');

    // The report is followed live and completes in place, without a reload.
    // The newest row is the report just started (the five Advanced ones are older).
    const row = visibleRows(page).first();
    await row.waitFor();
    await expect.poll(() => row.getAttribute('data-status'), { timeout: 60_000, interval: 200 }).toBe('completed');
    const title = (await row.getByRole('button').first().textContent())!.trim();
    expect(title.length).toBeGreaterThan(3);
    await page.getByText(`Your report "${title}" is ready`).waitFor();
    llm.setPace({ delayToFirstTokenMs: 0 });
    const seen = (await page.evaluate('window.__progressSeen')) as string[];
    expect(seen.join(' | ')).toMatch(/Queued|Planning the outline|Writing sections — \d+ of 15|Building the PDF/);
    expect(await page.evaluate('window.__noReload')).toBe(true);
    await expect.poll(() => row.getByText('Completed').isVisible()).toBe(true);

    // The signup bonus is spent: the badge says 0 and Buy Tokens appears.
    await expect.poll(() => page.getByTestId('token-balance-value').textContent()).toBe('0');
    await page.getByRole('button', { name: 'Buy Tokens' }).click();
    // The packages themselves, in the dialog (the purchase is in billing.test.ts).
    const buy = page.getByRole('dialog', { name: 'Buy Tokens' });
    await buy.getByRole('button', { name: 'Buy Now: Pro package' }).waitFor();
    await buy.getByRole('button', { name: 'Close', exact: true }).click();
    await buy.waitFor({ state: 'detached' });

    // Details show the Executive Summary.
    await row.getByRole('button', { name: title, exact: true }).click();
    const details = page.getByRole('dialog', { name: 'Report details' });
    await details.getByRole('heading', { name: 'Executive Summary' }).waitFor();
    await details.getByRole('button', { name: 'Close', exact: true }).click();

    // The preview renders the PDF's pages on canvases, with a fullscreen toggle.
    await row.getByRole('button', { name: `Preview ${title}` }).click();
    const preview = page.getByRole('dialog', { name: title });
    const canvas = preview.locator('canvas').first();
    await canvas.waitFor({ timeout: 30_000 });
    await expect.poll(() => canvas.evaluate(canvasHasInk)).toBe(true);
    await preview.getByRole('button', { name: 'Fullscreen' }).click();
    await preview.getByRole('button', { name: 'Exit fullscreen' }).waitFor();
    const box = await preview.boundingBox();
    expect(box!.width).toBeGreaterThanOrEqual(DESKTOP.width - 2);

    // Download from the preview: a PDF named after the title, whose text contains the title.
    const [download] = await Promise.all([page.waitForEvent('download'), preview.getByRole('button', { name: 'Download PDF' }).click()]);
    expect(download.suggestedFilename()).toBe(`${title}.pdf`);
    const file = await download.path();
    expect(readFileSync(file).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = execFileSync('pdftotext', ['-q', file, '-'], { encoding: 'utf8' });
    expect(text.replace(/\s+/g, ' ')).toContain(title);
    await preview.getByRole('button', { name: 'Close preview' }).click();

    expect(errors).toEqual([]);
    await page.close();
  });

  it('pages, filters by status and searches the loaded page, on a phone', async () => {
    const { email, token } = await member(server, 'Mary Jackson');
    const ideas = Array.from(
      { length: 12 },
      (_, i) =>
        `Invention number ${i + 1}: a ${i === 3 ? 'zebrafish-inspired' : 'modular'} heat exchanger for district heating networks with printed lattice fins.`,
    );
    // Quickly, through the API, one at a time so the newest-first order is known.
    for (const idea of ideas) expect((await post(server, '/reports/generate', { idea, complexity: 'basic' }, token)).status).toBe(201);

    const page = await browser.newPage({ viewport: PHONE });
    const errors = watchErrors(page);
    await signIn(page, server, email);
    await page.goto(`${server.url}/reports`);
    const cards = page.locator('[data-testid="report-card"]').filter({ visible: true });
    await expect.poll(() => cards.count()).toBe(10);
    await page.getByText('Page 1 of 2').waitFor();
    await expect(page.getByTestId('token-balance-value').textContent()).resolves.toBe('10,000');
    await expect(page.getByRole('button', { name: 'Buy Tokens' }).count()).resolves.toBe(0);

    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Page 2 of 2').waitFor();
    await expect.poll(() => cards.count()).toBe(2);
    expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Previous' }).click();
    await page.getByText('Page 1 of 2').waitFor();
    await expect.poll(() => cards.count()).toBe(10);

    // Search filters the loaded page by a word of one idea (report 4 is on page 1: newest first).
    await page.getByLabel('Search reports').fill('ZEBRAFISH');
    await expect.poll(() => cards.count()).toBe(1);
    await page.getByLabel('Search reports').fill('no such words here');
    await page.getByText('No reports on this page match your search').waitFor();
    await page.getByRole('button', { name: 'Clear search' }).click();
    await expect.poll(() => cards.count()).toBe(10);

    // All twelve complete (two at a time on the worker); the status filter asks the server.
    await expect
      .poll(
        async () => {
          const res = await fetch(`${server.url}/api/reports?status=completed&limit=10`, { headers: { authorization: `Bearer ${token}` } });
          return ((await res.json()) as { total: number }).total;
        },
        { timeout: 60_000, interval: 1000 },
      )
      .toBe(12);
    await page.getByLabel('Status').selectOption('completed');
    await page.waitForURL(/status=completed/);
    await page.getByText('Page 1 of 2').waitFor();
    await expect
      .poll(() => page.locator('[data-testid="report-card"][data-status="completed"]').filter({ visible: true }).count())
      .toBe(10);
    await page.getByLabel('Status').selectOption('failed');
    await page.getByText('No failed reports').waitFor();
    await page.getByLabel('Status').selectOption('');
    await expect.poll(() => cards.count()).toBe(10);

    // The dashboard's own generate modal: the spec's messages, then a report that joins the list live.
    await page.getByRole('button', { name: 'Generate Report' }).first().click();
    const modal = page.getByRole('dialog', { name: 'Generate Report' });
    await modal.getByRole('button', { name: 'Generate Report' }).click();
    await modal.getByText('Please select report complexity').waitFor();
    await modal.getByText('Please describe your technology idea').waitFor();
    await modal.getByText('Advanced', { exact: true }).click();
    await modal.getByLabel('Describe your technology idea').fill('Too short an idea');
    await modal.getByText('17 characters · minimum 50 (33 more needed)').waitFor();
    await modal.getByRole('button', { name: 'Generate Report' }).click();
    await modal.getByText('Please provide at least 50 characters').waitFor();
    await modal
      .getByLabel('Describe your technology idea')
      .fill('A solar-powered cold store for rural vaccine clinics that keeps 2–8 °C for five days without sun.');
    await modal.getByRole('button', { name: 'Generate Report' }).click();
    await modal.getByRole('button', { name: 'Confirm and generate' }).click();
    await page.getByText('Report generation started').waitFor();
    await expect(modal.count()).resolves.toBe(0);
    await page.getByText('Page 1 of 2').waitFor();
    await expect.poll(() => page.getByTestId('token-balance-value').textContent()).toBe('2,500');
    await expect.poll(() => cards.first().textContent()).toMatch(/Solar-powered cold store|solar-powered cold store/i);
    await expect.poll(() => cards.first().getAttribute('data-status'), { timeout: 60_000, interval: 200 }).toBe('completed');

    expect(errors).toEqual([]);
    await page.close();
  });
});
