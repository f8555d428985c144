import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { REPORT_COSTS } from '@assay/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI } from '../packages/report-engine/test/fakes/index.ts';
import { axeViolations } from './support/axe.ts';
import { DESKTOP, launchBrowser, overflowsSideways, PHONE, signInMember, watchErrors } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';

/**
 * Issue 27 §2 and §5 in the browser: "Try again" on a failed report and "Cancel report" on a running
 * one, each showing what it costs (or gives back) and the balance after before it is confirmed, and
 * the token history line afterwards.
 *
 * No test hook makes a report fail or stay running: the server writes through the production LLM
 * adapter against the fake OpenAI-compatible model on loopback (as e2e/reports.test.ts does), and the
 * fake is told to fail (500 on every call, no retries: the report fails as it would when a provider is
 * down) or to hang (the model never answers: the report stays running until it is cancelled).
 */
let server: RunningServer;
let browser: Browser;
let llm: FakeOpenAI;
beforeAll(async () => {
  llm = await startFakeOpenAI();
  [server, browser] = await Promise.all([
    startServer({
      SIGNUP_BONUS_TOKENS: '20000',
      LLM_PROVIDER: 'openai-compatible',
      LLM_BASE_URL: llm.baseUrl,
      LLM_API_KEY: 'e2e-key',
      LLM_MODEL: 'e2e-model',
      // A provider that fails fails the report at once: no client retries, no job retries.
      LLM_MAX_RETRIES: '0',
      REPORT_JOB_RETRY_LIMIT: '0',
    }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await llm?.close();
});

const PASSWORD = 'Orbit1962ok';
const IDEA =
  'AquaTrace: a paper test strip read by a smartphone camera that detects lead in drinking water down to 5 ppb in two minutes. ' +
  'We have a working lab prototype (TRL 4). Our customers would be municipal water utilities and schools.';
const SHOTS = process.env.SHOTS_DIR;
const shot = async (page: Page, name: string) => {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: false });
};
const tokens = (n: number) => `${n.toLocaleString('en-US')} tokens`;

const api = (p: string, init: RequestInit & { token?: string } = {}) =>
  fetch(`${server.url}/api${p}`, {
    ...init,
    headers: {
      'content-type': 'application/json',
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...(init.headers ?? {}),
    },
  });

async function member(name: string) {
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}.${Date.now()}@example.com`;
  expect(
    (await api('/auth/signup', { method: 'POST', body: JSON.stringify({ name, email, password: PASSWORD, phone: '+1 757 555 0100' }) }))
      .status,
  ).toBeLessThan(300);
  const { code } = await server.readMail(email);
  expect((await api('/auth/verify-email-otp', { method: 'POST', body: JSON.stringify({ email, otp: code }) })).status).toBeLessThan(300);
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: email, password: PASSWORD }),
  });
  const token = ((await login.json()) as { access_token: string }).access_token;
  return { email, token };
}
const generate = async (token: string) =>
  (
    (await (
      await api('/reports/generate', { method: 'POST', token, body: JSON.stringify({ idea: IDEA, complexity: 'basic' }) })
    ).json()) as { id: string }
  ).id;
const reportOf = async (token: string, id: string) =>
  (await (await api(`/reports/${id}`, { token })).json()) as { status: string; title: string; cancelled: boolean; version: number };
const balanceOf = async (token: string) =>
  ((await (await api('/tokens/balance', { token })).json()) as { available_tokens: number }).available_tokens;
const history = (page: Page) => page.getByRole('list', { name: 'Token history' });

describe('try again and cancel, in the browser', () => {
  for (const [width, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`${width}: a failed report is tried again (priced first), completes, and the history names the retry`, async () => {
      const { email, token } = await member(`Rosalind Franklin ${width}`);
      // The provider is down: every model call answers 500, so the report fails and its hold is released.
      llm.reset();
      llm.setDefault({ kind: 'server-error', status: 500 });
      const id = await generate(token);
      try {
        await expect.poll(async () => (await reportOf(token, id)).status, { timeout: 60_000, interval: 300 }).toBe('failed');
      } finally {
        llm.setDefault({ kind: 'ok' });
      }
      const before = await balanceOf(token);
      expect(before).toBe(20_000);

      const page = await browser.newPage({ viewport, bypassCSP: true });
      const errors = watchErrors(page);
      await signInMember(page, server.url, email, PASSWORD);
      await page.goto(`${server.url}/reports?report=${id}`);
      const details = page.getByRole('dialog', { name: 'Report details' });
      await details.getByText('Generation failed').waitFor();
      const actions = details.getByRole('group', { name: 'Report actions' });
      await actions.getByRole('button', { name: 'Try again' }).click();

      // The price (the tier's, held again) and the balance after, before anything is held.
      const confirm = details.getByTestId('paid-action-confirm');
      await expect.poll(() => confirm.getByTestId('action-price').textContent()).toBe(tokens(REPORT_COSTS.basic));
      await expect.poll(() => confirm.getByTestId('action-balance-after').textContent()).toBe(tokens(before - REPORT_COSTS.basic));
      expect(await balanceOf(token)).toBe(before);
      expect(await axeViolations(page)).toEqual([]);
      expect(await overflowsSideways(page)).toBe(false);
      await shot(page, `${width}-retry-confirm`);

      await confirm.getByRole('button', { name: 'Confirm and try again' }).click();
      await details.getByText('Trying again: follow its progress above.').waitFor();
      await expect.poll(async () => (await reportOf(token, id)).status, { timeout: 90_000, interval: 500 }).toBe('completed');
      expect(await balanceOf(token)).toBe(before - REPORT_COSTS.basic);
      // The same record, not pasted again: one report, not two.
      const list = (await (await api('/reports', { token })).json()) as { reports: unknown[] };
      expect(list.reports).toHaveLength(1);

      // The token history: the first hold returned, the retry spent, in plain words.
      const { title } = await reportOf(token, id);
      await page.goto(`${server.url}/billing`);
      await history(page).getByText(`Report tried again — report “${title}”`, { exact: true }).waitFor();
      await history(page).getByText(`Returned — report “${title}” not delivered`, { exact: true }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
      expect(await overflowsSideways(page)).toBe(false);
      await shot(page, `${width}-retry-history`);
      expect(errors).toEqual([]);
      await page.close();
    }, 240_000);

    it(`${width}: a running report is cancelled (what it gives back shown first), its tokens return once, and the history says so`, async () => {
      const { email, token } = await member(`Chien-Shiung Wu ${width}`);
      // The model never answers: the report stays running until the member cancels it.
      llm.reset();
      llm.setDefault({ kind: 'hang' });
      try {
        const id = await generate(token);
        const before = await balanceOf(token);
        expect(before).toBe(20_000 - REPORT_COSTS.basic);
        await expect.poll(() => llm.inFlight(), { timeout: 30_000, interval: 200 }).toBeGreaterThan(0);

        const page = await browser.newPage({ viewport, bypassCSP: true });
        const errors = watchErrors(page);
        await signInMember(page, server.url, email, PASSWORD);
        await page.goto(`${server.url}/reports?report=${id}`);
        const details = page.getByRole('dialog', { name: 'Report details' });
        const actions = details.getByRole('group', { name: 'Report actions' });
        // No delete while it is being written (cancel first).
        await actions.getByRole('button', { name: 'Cancel report' }).click();
        expect(await actions.getByRole('button', { name: 'Delete report' }).count()).toBe(0);

        const confirm = details.getByTestId('paid-action-confirm');
        await confirm.getByText(/tokens held for it come back to your balance/).waitFor();
        expect(await confirm.getByTestId('action-returns').textContent()).toBe(tokens(REPORT_COSTS.basic));
        await expect.poll(() => confirm.getByTestId('action-balance-after').textContent()).toBe(tokens(before + REPORT_COSTS.basic));
        expect(await axeViolations(page)).toEqual([]);
        expect(await overflowsSideways(page)).toBe(false);
        await shot(page, `${width}-cancel-confirm`);
        // Back changes nothing: the report is still running, nothing returned.
        await confirm.getByRole('button', { name: 'Back' }).click();
        expect((await reportOf(token, id)).status).toBe('processing');
        expect(await balanceOf(token)).toBe(before);

        await actions.getByRole('button', { name: 'Cancel report' }).click();
        await details.getByTestId('paid-action-confirm').getByRole('button', { name: 'Cancel report' }).click();
        await details.getByText('Cancelled. Its tokens are back in your balance.').waitFor();
        await details.getByText('Cancelled', { exact: true }).waitFor();
        expect(await reportOf(token, id)).toMatchObject({ status: 'failed', cancelled: true });
        expect(await balanceOf(token)).toBe(before + REPORT_COSTS.basic);
        // The worker noticed: it stopped asking the model (its calls were aborted).
        await expect.poll(() => llm.inFlight(), { timeout: 30_000, interval: 200 }).toBe(0);
        // A cancelled report can be tried again; delete is offered again.
        await actions.getByRole('button', { name: 'Try again' }).waitFor();
        await actions.getByRole('button', { name: 'Delete report' }).waitFor();
        expect(await axeViolations(page)).toEqual([]);
        await shot(page, `${width}-cancel-done`);

        // Returned once: one hold, one release line in the history, and the balance stays put.
        const { title } = await reportOf(token, id);
        await page.goto(`${server.url}/billing`);
        await history(page).getByText(`Returned — report “${title}” not delivered`, { exact: true }).waitFor();
        expect(await history(page).getByText(`Returned — report “${title}” not delivered`, { exact: true }).count()).toBe(1);
        expect(await history(page).getByText(`Held for report “${title}”`, { exact: true }).count()).toBe(1);
        expect(await balanceOf(token)).toBe(20_000);
        expect(await axeViolations(page)).toEqual([]);
        expect(await overflowsSideways(page)).toBe(false);
        await shot(page, `${width}-cancel-history`);
        expect(errors).toEqual([]);
        await page.close();
      } finally {
        llm.setDefault({ kind: 'ok' });
      }
    }, 240_000);
  }
});
