import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { REPORT_COSTS } from '@assay/shared';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe.ts';
import { DESKTOP, overflowsSideways, PHONE, signInMember, watchErrors } from './support/browser.ts';
import { apiOf, MEMBER_PASSWORD, memberWithReport } from './support/members.ts';
import { serverAndBrowser } from './support/server-and-browser.ts';

/**
 * Issue 27 in the browser, on the product as `npm start` runs it (the offline analyst writes):
 * correct what we understood → a section rewritten from a note → the version list → share, and
 * the shared link opened without an account, at phone and desktop width.
 */
const e2e = serverAndBrowser({ SIGNUP_BONUS_TOKENS: '20000' });
const SHOTS = process.env.SHOTS_DIR;
const shot = async (page: Page, name: string) => {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: false });
};

const api = apiOf(() => e2e.server);

const versionOf = async (token: string, id: string) =>
  (await (await api(`/reports/${id}`, { token })).json()) as { version: number; status: string };

describe('steering a report, in the browser', () => {
  for (const [width, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`${width}: correct → rewrite a section → versions → share, and the link opens without an account`, async () => {
      const { email, token, id } = await memberWithReport(e2e.server, `Clair Patterson ${width}`);
      const page = await e2e.browser.newPage({ viewport, acceptDownloads: true, bypassCSP: true });
      const errors = watchErrors(page);
      await signInMember(page, e2e.server.url, email, MEMBER_PASSWORD);
      await page.goto(`${e2e.server.url}/reports?report=${id}`);
      const details = page.getByRole('dialog', { name: 'Report details' });
      await details
        .getByRole('heading', { name: 'The invention as confirmed' })
        .or(details.getByRole('heading', { name: 'The invention as read from your idea' }))
        .waitFor();

      // 1. Correct what we understood: the form, the reduced price and the balance after.
      await details.getByRole('button', { name: 'Correct what we understood' }).click();
      const form = details.getByRole('form', { name: 'Correct what we understood' });
      await form.waitFor();
      expect(await form.getByTestId('correction-price').textContent()).toBe(
        'Whole report rewritten · 500 tokens · balance after 17,000 tokens',
      );
      expect(await axeViolations(page)).toEqual([]);
      expect(await overflowsSideways(page)).toBe(false);
      await shot(page, `${width}-1-correct`);
      await form.getByLabel('Name').fill('AquaTrace Lead Strip');
      await form.getByRole('button', { name: 'Confirm and rewrite' }).click();
      await details.getByText(/being written again/).waitFor();
      await expect.poll(async () => (await versionOf(token, id)).version, { timeout: 90_000, interval: 500 }).toBe(2);

      // 2. This section is wrong…: a note that moves the launch year; price and balance after first.
      const sections = details.getByRole('region', { name: 'Sections' });
      await sections.getByRole('button', { name: /This section is wrong… \(The Problem\)/ }).click();
      await sections.getByLabel(/What is wrong in/).fill('Our first sales will be in 2031, after certification, not earlier.');
      await sections.getByTestId('action-price').getByText('150 tokens').waitFor();
      await expect.poll(() => sections.getByTestId('action-balance-after').textContent()).toBe('16,850 tokens');
      expect(await axeViolations(page)).toEqual([]);
      await shot(page, `${width}-2-section-note`);
      await sections.getByRole('button', { name: 'Confirm and rewrite section' }).click();
      await sections.getByText(/Rewriting “The Problem” with your note\./).waitFor();
      await expect.poll(async () => (await versionOf(token, id)).version, { timeout: 90_000, interval: 500 }).toBe(3);

      // 3. The version list: what changed, each downloadable; the PDF names its version.
      const versions = details.getByRole('region', { name: 'Versions' });
      await versions.getByRole('button', { name: 'Download version 3' }).waitFor({ timeout: 30_000 });
      await versions.getByText(/^Invention record corrected \(name\)/).waitFor();
      await versions.getByText(/^Section 'The Problem' rewritten from your note; launch year .* → 2031/).waitFor();
      await versions.getByText('First version').waitFor();
      await versions.scrollIntoViewIfNeeded();
      expect(await axeViolations(page)).toEqual([]);
      await shot(page, `${width}-3-versions`);
      const [v3] = await Promise.all([page.waitForEvent('download'), versions.getByRole('button', { name: 'Download version 3' }).click()]);
      const text = execFileSync('pdftotext', ['-q', await v3.path(), '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
      expect(text).toContain('Version 3');
      expect(text).toContain('AquaTrace Lead Strip');
      expect(text).toContain('2031');

      // Compare version 1 with the current one: the corrected name, and the rewritten section word by word.
      await versions.getByRole('button', { name: 'Compare version 1 with the current version' }).click();
      const compare = page.getByRole('dialog', { name: 'Compare versions' });
      await compare.getByRole('heading', { name: 'Version 1 → version 3' }).waitFor({ timeout: 15_000 });
      await compare.getByRole('region', { name: 'What we understood' }).getByText('Now: AquaTrace Lead Strip').first().waitFor();
      const problem = compare.getByRole('region', { name: /The Problem/ });
      expect((await problem.locator('ins').allTextContents()).join(' ')).toContain('2031');
      expect(await axeViolations(page)).toEqual([]);
      await shot(page, `${width}-3b-compare`);
      await compare.getByRole('button', { name: 'Back to the report' }).click();
      await versions.getByRole('button', { name: 'Download version 3' }).waitFor();

      // 4. Share: the link is shown once; opened in a fresh browser, no account, the copy names its recipient.
      const shareRegion = details.getByRole('region', { name: 'Share' });
      await shareRegion.getByLabel('Recipient').fill('Acme Ventures');
      await shareRegion.getByRole('button', { name: 'Create share link' }).click();
      const url = await shareRegion.getByTestId('share-url').inputValue();
      expect(url).toMatch(/\/r\/[A-Za-z0-9_-]{43}$/);
      await shareRegion.getByText(/Version 3 · Active · 0 views/).waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await shot(page, `${width}-4-share`);

      const visitor = await e2e.browser.newContext({ viewport, bypassCSP: true });
      const viewer = await visitor.newPage();
      const viewerErrors = watchErrors(viewer);
      await viewer.goto(url.replace(/^https?:\/\/[^/]+/, e2e.server.url));
      await viewer.getByText('Shared with Acme Ventures').first().waitFor();
      await viewer.getByRole('heading', { name: 'AquaTrace Lead Strip' }).waitFor();
      await viewer.locator('canvas').first().waitFor({ timeout: 30_000 });
      expect(await axeViolations(viewer)).toEqual([]);
      expect(await overflowsSideways(viewer)).toBe(false);
      await shot(viewer, `${width}-5-viewer`);
      const pdf = await viewer.evaluate(async (t) => {
        const r = await fetch(`/api/share/${t}/pdf`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
        return Array.from(new Uint8Array(await r.arrayBuffer()));
      }, url.split('/r/')[1]!);
      const copy = path.join(SHOTS ?? '/tmp', `${width}-shared.pdf`);
      (await import('node:fs')).writeFileSync(copy, Buffer.from(pdf));
      expect(execFileSync('pdftotext', ['-q', copy, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ')).toContain(
        'Shared with Acme Ventures',
      );

      // The owner sees the views, and revokes: the link answers "not found".
      await page.reload();
      const again = page.getByRole('dialog', { name: 'Report details' }).getByRole('region', { name: 'Share' });
      await again.getByText(/Version 3 · Active · 2 views/).waitFor();
      await again.getByRole('button', { name: 'Revoke the link for Acme Ventures' }).click();
      await again.getByText(/Version 3 · Revoked/).waitFor();
      await viewer.reload();
      await viewer.getByText('This link does not open a report').waitFor();
      expect(await axeViolations(viewer)).toEqual([]);

      // Any version opens in the page: version 1, as it was before the corrections.
      await page.getByRole('dialog', { name: 'Report details' }).getByRole('button', { name: 'Open version 1' }).click();
      const preview = page.getByRole('dialog', { name: /— version 1$/ });
      await preview.locator('canvas').first().waitFor({ timeout: 30_000 });
      await shot(page, `${width}-6-open-version-1`);
      await page.keyboard.press('Escape');
      await preview.waitFor({ state: 'hidden' });

      // Search all reports, on the server: the corrected name finds it; another text finds nothing.
      const search = page.getByRole('search', { name: 'All reports' });
      await search.getByLabel('Search all reports').fill('Lead Strip');
      await search.getByRole('button', { name: 'Search', exact: true }).click();
      await page.waitForURL(/q=Lead\+Strip|q=Lead%20Strip/);
      await page.getByRole('button', { name: 'AquaTrace Lead Strip', exact: true }).filter({ visible: true }).first().waitFor();
      expect(await axeViolations(page)).toEqual([]);
      expect(await overflowsSideways(page)).toBe(false);
      await shot(page, `${width}-7-search`);
      await search.getByLabel('Search all reports').fill('graphene');
      await search.getByRole('button', { name: 'Search', exact: true }).click();
      await page.getByText('No report matches your search').waitFor();

      expect(errors).toEqual([]);
      expect(viewerErrors.filter((e) => !/404/.test(e))).toEqual([]);
      await visitor.close();
      await page.close();
    }, 240_000);
  }

  for (const [width, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`${width}: upgrade (the difference, priced first) → restore version 1 → delete`, async () => {
      const { email, token, id } = await memberWithReport(e2e.server, `Inge Lehmann ${width}`);
      const balance = async () =>
        ((await (await api('/tokens/balance', { token })).json()) as { available_tokens: number }).available_tokens;
      const before = await balance();
      const page = await e2e.browser.newPage({ viewport, bypassCSP: true });
      const errors = watchErrors(page);
      await signInMember(page, e2e.server.url, email, MEMBER_PASSWORD);
      await page.goto(`${e2e.server.url}/reports?report=${id}`);
      const details = page.getByRole('dialog', { name: 'Report details' });
      const actions = details.getByRole('group', { name: 'Report actions' });

      // Upgrade: the price is the difference between the tiers, with the balance after, before anything is held.
      const difference = REPORT_COSTS.advanced - REPORT_COSTS.basic;
      await actions.getByRole('button', { name: 'Upgrade to Advanced' }).click();
      const confirm = details.getByTestId('paid-action-confirm');
      await expect.poll(() => confirm.getByTestId('action-price').textContent()).toBe(`${difference.toLocaleString('en-US')} tokens`);
      await expect
        .poll(() => confirm.getByTestId('action-balance-after').textContent())
        .toBe(`${(before - difference).toLocaleString('en-US')} tokens`);
      expect(await axeViolations(page)).toEqual([]);
      await shot(page, `${width}-8-upgrade`);
      await confirm.getByRole('button', { name: 'Confirm upgrade to Advanced' }).click();
      await details.getByText(/Upgrade started/).waitFor();
      await expect.poll(async () => (await versionOf(token, id)).version, { timeout: 90_000, interval: 500 }).toBe(2);
      expect(await balance()).toBe(before - difference);

      // Restore version 1 (free): a new version, the list only grows.
      const versions = details.getByRole('region', { name: 'Versions' });
      await versions.getByRole('button', { name: 'Restore version 1' }).click();
      await versions.getByText('Version 1 restored as version 3.').waitFor();
      expect(await versionOf(token, id)).toMatchObject({ version: 3, status: 'completed' });
      expect(await balance()).toBe(before - difference);

      // Delete: asked first; the report is gone (its address answers 404), what it cost stays in the history.
      await actions.getByRole('button', { name: 'Delete report' }).click();
      await details.getByRole('button', { name: 'Delete report' }).click();
      await details.waitFor({ state: 'hidden' });
      expect((await api(`/reports/${id}`, { token })).status).toBe(404);
      expect(await balance()).toBe(before - difference);
      expect(errors).toEqual([]);
      await page.close();
    }, 180_000);
  }
});
