import { MSG } from '@assay/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session.ts';
import { json, PACKAGES, renderAt, SITE, stubApi } from '../test-support.tsx';
import PricingPage from './PricingPage.tsx';
import { spyOnToasts } from '../../../test/toasts.ts';

const toast = spyOnToasts();

beforeEach(() => {
  session.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('/pricing, signed out', () => {
  it('shows the packages, the Enterprise card and the sign-up badge', async () => {
    stubApi({ 'GET /tokens/packages': () => json(200, PACKAGES) });
    renderAt('/pricing', <PricingPage />);
    expect(await screen.findByRole('button', { name: 'Buy Now: Pro package' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Contact sales: Enterprise package' })).toBeTruthy();
    const badge = screen.getByRole('link', { name: MSG.freeTokensBadge });
    expect(badge.getAttribute('href')).toBe('/signup');
  });

  it('sends Buy to /login with the toast, remembering /pricing', async () => {
    const calls = stubApi({ 'GET /tokens/packages': () => json(200, PACKAGES) });
    renderAt('/pricing', <PricingPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Buy Now: Pro package' }));
    expect(toast.error).toHaveBeenCalledWith(MSG.loginToPurchase);
    expect((await screen.findByTestId('where')).textContent).toBe('/login');
    expect(JSON.parse(screen.getByTestId('where-state').textContent!)).toEqual({ from: { pathname: '/pricing' } });
    expect(calls.some((c) => c.path.includes('create-order'))).toBe(false);
  });

  it('sends Enterprise to /contact', async () => {
    stubApi({ 'GET /tokens/packages': () => json(200, PACKAGES) });
    renderAt('/pricing', <PricingPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Contact sales: Enterprise package' }));
    expect((await screen.findByTestId('where')).textContent).toBe('/contact?reason=custom_pricing');
    expect(toast.error).not.toHaveBeenCalled();
  });

  it("toasts 'Failed to load token packages' when the list fails", async () => {
    stubApi({ 'GET /tokens/packages': () => json(500, { detail: 'boom' }) });
    renderAt('/pricing', <PricingPage />);
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(MSG.packagesLoadFailed, expect.anything()));
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('toggles Report Requirements between the detailed view and the matrix', async () => {
    stubApi({ 'GET /tokens/packages': () => json(200, PACKAGES) });
    renderAt('/pricing', <PricingPage />);
    const detailed = screen.getByRole('button', { name: 'Detailed View' });
    expect(detailed.getAttribute('aria-pressed')).toBe('true');
    // The Advanced feature list shows what Advanced adds to Basic.
    const advanced = screen.getByRole('button', { name: /Features of the Advanced report/ });
    expect(advanced.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(advanced);
    expect(advanced.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText('Everything in Basic (15 sections), plus 9 more:')).toBeTruthy();
    expect(screen.getByText('Business Case')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Compare Features' }));
    const matrix = screen.getByRole('table', { name: 'Sections included in each report type' });
    const row = screen.getByRole('row', { name: /Claims Analysis/ });
    expect(row.querySelectorAll('[aria-label="Included"]')).toHaveLength(1);
    expect(row.querySelectorAll('[aria-label="Not included"]')).toHaveLength(2);
    expect(matrix.querySelectorAll('tbody tr th[scope="row"]')).toHaveLength(34);
  });

  it('says in the report requirements, before anything is bought, when the offline analyst writes the reports', async () => {
    stubApi({
      'GET /tokens/packages': () => json(200, PACKAGES),
      'GET /site-config': () => json(200, { ...SITE, report_writer: { offline: true } }),
    });
    renderAt('/pricing', <PricingPage />);
    const note = await screen.findByTestId('offline-writer');
    expect(note.textContent).toMatch(/Written by the offline analyst.*not by an AI model/);
    expect(screen.getByTestId('report-requirements').textContent).not.toMatch(/AI provider we use/);
  });

  it('says nothing of the kind when a model writes them', async () => {
    const calls = stubApi({
      'GET /tokens/packages': () => json(200, PACKAGES),
      'GET /site-config': () => json(200, { ...SITE, report_writer: { offline: false } }),
    });
    renderAt('/pricing', <PricingPage />);
    await screen.findByRole('button', { name: 'Buy Now: Pro package' });
    await waitFor(() => expect(calls.some((c) => c.path === '/site-config')).toBe(true));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('offline-writer')).toBeNull();
  });
});
