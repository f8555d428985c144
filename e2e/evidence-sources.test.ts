import { mkdirSync } from 'node:fs';
import { startFakeOpenAlex, startFakeOps, startFakePatentsView, type FakeOps, type FakeSearchServer } from '@assay/report-engine/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe.ts';
import { DESKTOP, launchBrowser, PHONE, watchErrors } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';

/**
 * The prior-art sources on the operator dashboard (docs/decisions/210), with the three sources
 * configured against fakes on loopback: a report's searches counted, OpenAlex's spent daily
 * allowance shown with its reason, every key accepted at start-up; accessible at phone and desktop.
 */
const OPERATOR = { username: 'ops', password: 'ops-password-123' };
const PASSWORD = 'Orbit1962ok';
const SHOTS = process.env.SHOTS_DIR;

let server: RunningServer;
let browser: Browser;
let oa: FakeSearchServer;
let pv: FakeSearchServer;
let ops: FakeOps;

async function api<T>(path: string, init: { body?: unknown; token?: string } = {}): Promise<T> {
  const res = await fetch(`${server.url}/api${path}`, {
    method: init.body === undefined ? 'GET' : 'POST',
    headers: {
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (!res.ok) throw new Error(`${path} → ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** A member's Basic report: its searches go to the three sources. */
async function reportWithSearches() {
  const email = `grace.${Date.now()}@example.com`;
  await api('/auth/signup', { body: { name: 'Grace Hopper', email, password: PASSWORD, phone: '+1 757 555 0100' } });
  const { code } = await server.readMail(email);
  await api('/auth/verify-email-otp', { body: { email, otp: code } });
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: email, password: PASSWORD }),
  });
  const { access_token: token } = (await login.json()) as { access_token: string };
  const report = await api<{ id: string }>('/reports/generate', {
    token,
    body: {
      idea: 'A gravity-fed ceramic membrane filter coated with iron-oxide nanoparticles that removes arsenic from groundwater.',
      complexity: 'basic',
    },
  });
  // Outside a test (beforeAll): a plain wait for the worker to finish it.
  const deadline = Date.now() + 90_000;
  while ((await api<{ status: string }>(`/reports/${report.id}`, { token })).status !== 'completed') {
    if (Date.now() > deadline) throw new Error('the report did not complete');
    await new Promise((r) => setTimeout(r, 500));
  }
}

beforeAll(async () => {
  [oa, pv, ops] = await Promise.all([
    startFakeOpenAlex({ apiKey: 'oa-key' }),
    startFakePatentsView({ apiKey: 'pv-key' }),
    startFakeOps({ key: 'ops-key', secret: 'ops-secret' }),
  ]);
  oa.setDefault({ kind: 'daily-limit' });
  [server, browser] = await Promise.all([
    startServer({
      ADMIN_USERNAME: OPERATOR.username,
      ADMIN_PASSWORD: OPERATOR.password,
      EVIDENCE_SOURCES: 'openalex,patentsview,epo-ops',
      OPENALEX_URL: oa.baseUrl,
      OPENALEX_API_KEY: 'oa-key',
      PATENTSVIEW_URL: pv.baseUrl,
      PATENTSVIEW_API_KEY: 'pv-key',
      EPO_OPS_URL: ops.baseUrl,
      EPO_OPS_KEY: 'ops-key',
      EPO_OPS_SECRET: 'ops-secret',
    }),
    launchBrowser(),
  ]);
  await reportWithSearches();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await Promise.all([oa?.close(), pv?.close(), ops?.close()]);
});

async function dashboard(viewport: typeof PHONE) {
  const page = await browser.newPage({ viewport, bypassCSP: true });
  await page.goto(`${server.url}/admin`);
  await page.getByLabel('Username').fill(OPERATOR.username);
  await page.getByLabel('Password', { exact: true }).fill(OPERATOR.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('heading', { name: 'Prior-art sources' }).waitFor();
  await expect.poll(() => page.getByTestId('evidence-source').count()).toBe(3);
  return page;
}

const card = (page: Page, label: string) => page.getByTestId('evidence-source').filter({ hasText: label });

describe('the prior-art sources on the operator dashboard', () => {
  for (const [name, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    it(`shows each source's use, a spent allowance and the key checks, accessibly (${name})`, async () => {
      const page = await dashboard(viewport);
      const errors = watchErrors(page);
      const openalex = card(page, 'OpenAlex');
      await openalex.getByText(/^Allowance spent until/).waitFor();
      await openalex.getByText(/the service has used up today's allowance of this service's key \(HTTP 429\)/).waitFor();
      const patents = card(page, 'PatentsView');
      await patents.getByText('Working').waitFor();
      await expect(patents.textContent()).resolves.toMatch(/Searches\s*[1-9]/);
      await card(page, 'OpenAlex').getByText('accepted').waitFor(); // limited, not refused
      await card(page, 'EPO Open Patent Services').getByText('accepted').waitFor();
      expect(await axeViolations(page)).toEqual([]);
      if (SHOTS) {
        mkdirSync(SHOTS, { recursive: true });
        await page.getByRole('heading', { name: 'Prior-art sources' }).scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${SHOTS}/${name}-admin-prior-art-sources.png`, fullPage: true });
      }
      expect(errors).toEqual([]);
      await page.close();
    });
  }
});
