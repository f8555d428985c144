import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, launchBrowser, waitForApp, watchErrors } from './support/browser.ts';
import { startServer, type RunningServer } from './support/server.ts';

/** The smallest phone the pages are designed for. */
const SMALL_PHONE = { width: 360, height: 740 };

const PAGES: readonly [path: string, heading: string][] = [
  ['/', 'Know what your invention is worth — before you pitch it'],
  ['/about', 'We help good ideas find their way to market'],
  ['/rttp', 'RTTP Experts'],
  ['/contact', 'Get in Touch'],
  ['/careers', 'Help great technologies reach the world'],
  ['/privacy', 'Privacy Policy'],
  ['/terms', 'Terms and Conditions'],
  ['/pricing-policy', 'Terms and Conditions'],
  ['/refund-policy', 'Refund and Cancellation Policy'],
];

const IDEA = 'A biodegradable sensor patch that detects early crop disease from changes in leaf moisture.';

let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([
    // The scheduling script points at a closed local port: its failure must stay silent.
    startServer({ SCHEDULER_SCRIPT_URL: 'http://127.0.0.1:9/widget.js' }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** True when nothing on the page is wider than the screen. */
const fitsWidth = (page: Page) => page.evaluate<boolean>('document.documentElement.scrollWidth <= window.innerWidth');

describe('the public pages, in the browser', () => {
  for (const [label, viewport] of [
    ['a small phone', SMALL_PHONE],
    ['a phone', PHONE],
    ['a desktop', DESKTOP],
  ] as const) {
    it(`render with their main heading, without errors or sideways scrolling, on ${label}`, async () => {
      const page = await browser.newPage({ viewport });
      const errors = watchErrors(page);
      for (const [path, heading] of PAGES) {
        await page.goto(`${server.url}${path}`);
        await page.getByRole('heading', { level: 1, name: heading }).waitFor();
        expect(await page.getByRole('heading', { level: 1 }).count(), path).toBe(1);
        expect(await fitsWidth(page), `${path} fits ${viewport.width}px`).toBe(true);
      }
      expect(errors).toEqual([]);
      await page.close();
    });
  }

  it('Get in Touch: shows the field errors, then sends the message with its reason and confirms', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    const errors = watchErrors(page);
    await page.goto(`${server.url}/contact`);
    await waitForApp(page);

    await page.getByLabel('Name', { exact: true }).fill('Grace Hopper');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText('Please select a reason').waitFor();
    for (const text of ['Phone number is required', 'Email is required', 'Message is required']) {
      expect(await page.getByText(text).isVisible(), text).toBe(true);
    }
    expect(await page.getByText('Name is required').count()).toBe(0);

    // Editing a field clears its error at once.
    await page.getByLabel('Phone').fill('+1 202 555 0143');
    expect(await page.getByText('Phone number is required').count()).toBe(0);

    await page.getByLabel('Reason for contacting us').selectOption({ label: 'General query / Global Market Access' });
    await page.getByLabel('Email').fill('grace@example.com');
    await page.getByLabel('Message').fill('We would like custom pricing for our university portfolio.');
    const request = page.waitForRequest((r) => r.url().endsWith('/api/contact') && r.method() === 'POST');
    await page.getByRole('button', { name: 'Send Message' }).click();
    expect((await request).postDataJSON()).toEqual({
      reason: 'global_market_access',
      form: 'contact',
      name: 'Grace Hopper',
      phone: '+1 202 555 0143',
      email: 'grace@example.com',
      message: 'We would like custom pricing for our university portfolio.',
    });
    await page.getByText('Thank you! Your message has been sent successfully.').waitFor();
    expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe('');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('RTTP: /rttp#contact lands on the form, which sends the reason it asks for and thanks with a toast', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    const errors = watchErrors(page);
    await page.goto(`${server.url}/rttp#contact`);
    await waitForApp(page);
    const form = page.locator('#contact');
    await expect.poll(() => form.evaluate((el) => Math.abs(el.getBoundingClientRect().top) < 200), { timeout: 10_000 }).toBe(true);

    // A service area opens and closes.
    const area = page.getByRole('button', { name: /Funding Strategy/ });
    await area.click();
    expect(await area.getAttribute('aria-expanded')).toBe('true');
    await page.getByText('Non-dilutive grants and government schemes').waitFor();
    await area.click();
    expect(await area.getAttribute('aria-expanded')).toBe('false');

    await form.getByLabel('Reason for contacting us').selectOption('funding_strategy');
    await form.getByLabel('Name', { exact: true }).fill('Lise Meitner');
    await form.getByLabel('Phone').fill('+43 1 555 0100');
    await form.getByLabel('Email').fill('lise@example.com');
    await form.getByLabel('Message').fill('Looking for seed funding advice for a spin-out.');
    const request = page.waitForRequest((r) => r.url().endsWith('/api/contact') && r.method() === 'POST');
    await form.getByRole('button', { name: 'Send Message' }).click();
    expect((await request).postDataJSON()).toMatchObject({ reason: 'funding_strategy', form: 'rttp' });
    await page.getByText('Thank you for your inquiry! We will get back to you soon.').waitFor();

    // The outside links open in a new tab.
    expect(await page.getByRole('link', { name: /^Book Consultation/ }).getAttribute('target')).toBe('_blank');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('Home: a signed-out visitor is asked to sign in and finds the idea again on return', async () => {
    const page = await browser.newPage({ viewport: PHONE });
    const errors = watchErrors(page);
    await page.goto(`${server.url}/`);

    await page.getByRole('button', { name: 'Generate Free Assessment Report' }).click();
    await page.getByText('Please describe your technology idea').waitFor();

    await page.getByRole('group', { name: 'Report complexity' }).locator('label', { hasText: 'Comprehensive' }).click();
    await page.getByLabel('Describe your technology idea').fill(IDEA);
    await page.getByRole('button', { name: 'Generate Free Assessment Report' }).click();
    await page.getByText('Please sign in to generate reports').waitFor();
    await page.waitForURL(/\/login$/);

    await page.goto(`${server.url}/`);
    expect(await page.getByLabel('Describe your technology idea').inputValue()).toBe(IDEA);
    expect(await page.getByRole('radio', { name: /Comprehensive/ }).isChecked()).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('Terms: the contents link jumps to its section', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    await page.goto(`${server.url}/terms`);
    await page.getByRole('navigation', { name: 'Contents' }).getByRole('link', { name: 'Limitation of Liability' }).click();
    await page.waitForURL(/#liability$/);
    const heading = page.getByRole('heading', { level: 2, name: '9. Limitation of Liability' });
    await expect
      .poll(() => heading.evaluate((el) => el.getBoundingClientRect().top >= 0 && el.getBoundingClientRect().top < 300), {
        timeout: 10_000,
      })
      .toBe(true);
    await page.close();
  });
});
