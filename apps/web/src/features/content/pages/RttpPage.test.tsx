import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderPage, SITE } from '../test-support.tsx';
import RttpPage from './RttpPage.tsx';

const schedulerScripts = () =>
  Array.from(document.querySelectorAll<HTMLScriptElement>('script')).filter((s) => s.src === SITE.scheduler_script_url);

afterEach(() => {
  document.querySelectorAll('script').forEach((s) => s.remove());
});

describe('the RTTP Experts page', () => {
  it('opens the consultation from configuration in a new tab, and Join as Expert at the product’s own application form', () => {
    renderPage(<RttpPage />, '/rttp');
    const book = screen.getByRole('link', { name: /^Book Consultation/ });
    expect(book.getAttribute('href')).toBe(SITE.consultation_url);
    expect(book.getAttribute('target')).toBe('_blank');
    expect(book.getAttribute('rel')).toContain('noopener');
    const join = screen.getAllByRole('link', { name: /^Join as Expert/ });
    expect(join.length).toBeGreaterThan(0);
    for (const a of join) {
      expect(a.getAttribute('href')).toBe('/experts/apply');
      expect(a.getAttribute('target')).toBeNull();
    }
  });

  it('loads the scheduling script while shown, ignores its failure, and removes it on leaving', () => {
    const { unmount } = renderPage(<RttpPage />, '/rttp');
    const [script] = schedulerScripts();
    expect(script).toBeTruthy();
    expect(script!.async).toBe(true);

    // A failed load is handled silently: no exception, the page stays.
    expect(() => script!.dispatchEvent(new Event('error'))).not.toThrow();
    expect(screen.getByRole('heading', { level: 1, name: 'RTTP Experts' })).toBeTruthy();

    unmount();
    expect(schedulerScripts()).toHaveLength(0);
  });

  it('expands and collapses each of the six service areas', async () => {
    const user = userEvent.setup();
    renderPage(<RttpPage />, '/rttp');
    const toggles = screen.getAllByRole('button', { expanded: false }).filter((b) => b.hasAttribute('aria-controls'));
    expect(toggles.map((b) => b.querySelector('span span')?.textContent)).toEqual([
      'Technology Scouting',
      'IP Licensing',
      'Startup Formation',
      'Funding Strategy',
      'Global Market Access',
      'Compliance & Risks',
    ]);

    const ip = screen.getByRole('button', { name: /IP Licensing/ });
    const panel = document.getElementById(ip.getAttribute('aria-controls')!)!;
    expect(panel.hidden).toBe(true);

    await user.click(ip);
    expect(ip.getAttribute('aria-expanded')).toBe('true');
    expect(panel.hidden).toBe(false);
    expect(within(panel).getByText(/Royalty, milestone and upfront fee benchmarks/)).toBeTruthy();

    await user.click(ip);
    expect(ip.getAttribute('aria-expanded')).toBe('false');
    expect(panel.hidden).toBe(true);
  });

  it('has a contact section at #contact whose reasons are the expert areas', async () => {
    renderPage(<RttpPage />, '/rttp');
    const section = document.getElementById('contact')!;
    expect(section).toBeTruthy();
    const select = await within(section).findByLabelText<HTMLSelectElement>('Reason for contacting us');
    expect(Array.from(select.options).map((o) => o.value)).toEqual([
      '',
      'tech_scouting',
      'ip_licensing',
      'startup_formation',
      'funding_strategy',
      'global_market_access',
      'compliance_risks',
      'other',
    ]);
  });

  it('says expert review is a separate paid service', () => {
    renderPage(<RttpPage />, '/rttp');
    expect(screen.getByText(/separate paid service/)).toBeTruthy();
  });
});
