import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { basicAuthorization, type PostSaved } from '@assay/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe.ts';
import { DESKTOP, PHONE } from './support/browser.ts';
import { serverAndBrowser } from './support/server-and-browser.ts';

/**
 * Two editors on one post (issue 30, decision 201): the second save is refused with a clear message
 * and nothing is lost; a draft autosaves while typing; an old revision is restored.
 */
const OPERATOR = { username: 'ops', password: 'ops-password-123' };
const SHOTS = process.env.SHOTS_DIR;
const e2e = serverAndBrowser({ ADMIN_USERNAME: OPERATOR.username, ADMIN_PASSWORD: OPERATOR.password });

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: false });
}

async function openEditor(viewport: { width: number; height: number }, title: string) {
  const page = await e2e.browser.newPage({ viewport, bypassCSP: true });
  await page.goto(`${e2e.server.url}/admin?tab=blog`);
  await page.getByLabel('Username').fill(OPERATOR.username);
  await page.getByLabel('Password', { exact: true }).fill(OPERATOR.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('button', { name: `Edit ${title}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Blog Post' });
  await dialog.getByTestId('rich-editor').waitFor();
  return { page, dialog };
}

describe('two people editing one post, autosave and revisions, in the browser', () => {
  it('the later save is refused and says so; the saved version loads; typing autosaves; a revision is restored', async () => {
    const created = await fetch(`${e2e.server.url}/api/blog/admin/posts`, {
      method: 'POST',
      headers: { authorization: basicAuthorization(OPERATOR.username, OPERATOR.password), 'content-type': 'application/json' },
      body: JSON.stringify({
        title: 'Shared draft',
        description: 'Two editors, one post.',
        content: '<p>The first words.</p>',
        post_type: 'blog',
      }),
    });
    expect(created.status).toBe(201);
    const post = (await created.json()) as PostSaved;

    const a = await openEditor(DESKTOP, post.title);
    const b = await openEditor(PHONE, post.title);

    await a.dialog.getByLabel('Title', { exact: true }).fill('Shared draft, edited by A');
    await a.dialog.getByRole('button', { name: 'Save changes' }).click();
    await a.page.getByText('Post updated successfully').waitFor();

    await b.dialog.getByLabel('Description', { exact: true }).fill('B’s description, written from the older version.');
    await b.dialog.getByRole('button', { name: 'Save changes' }).click();
    const conflict = b.dialog.getByTestId('post-conflict');
    await conflict.waitFor();
    expect(await conflict.textContent()).toMatch(/ops saved this post at .* UTC, after you opened it/);
    expect(await b.dialog.getByLabel('Description', { exact: true }).inputValue()).toBe('B’s description, written from the older version.');
    await conflict.scrollIntoViewIfNeeded();
    await shot(b.page, 'post-conflict-phone');
    expect(await axeViolations(b.page)).toEqual([]);

    await conflict.getByRole('button', { name: 'Load the saved version' }).click();
    await expect.poll(() => b.dialog.getByLabel('Title', { exact: true }).inputValue()).toBe('Shared draft, edited by A');
    expect(await b.dialog.getByTestId('post-conflict').count()).toBe(0);

    // Typing in the editor autosaves the draft after a pause.
    await b.dialog.getByTestId('rich-editor').click();
    await b.page.keyboard.press('End');
    await b.page.keyboard.type(' And more from B.');
    await expect.poll(() => b.dialog.getByTestId('save-state').textContent(), { timeout: 15_000 }).toMatch(/^Draft saved at /);

    const history = b.dialog.getByTestId('post-revisions');
    await history.getByText('Revision history').click();
    const rows = history.getByTestId('post-revision');
    await expect.poll(() => rows.count()).toBe(3);
    expect(await rows.first().textContent()).toContain('Autosaved by ops · version 3 · current');
    await rows.last().getByRole('button', { name: 'View version 1' }).click();
    await history.getByTestId('revision-view').getByText('The first words.').waitFor();
    await shot(b.page, 'post-revisions-phone');
    expect(await axeViolations(b.page)).toEqual([]);
    await rows.last().getByRole('button', { name: 'Restore version 1' }).click();
    await b.page.getByText('Revision restored').waitFor();
    await expect.poll(() => b.dialog.getByLabel('Title', { exact: true }).inputValue()).toBe('Shared draft');
    expect(await b.dialog.getByTestId('rich-editor').textContent()).toBe('The first words.');

    await a.page.close();
    await b.page.close();
  });
});
