import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage, SITE } from '../test-support.tsx';
import ContactPage from './ContactPage.tsx';

describe('the contact page', () => {
  it('Get in Touch offers the general query first and custom pricing', async () => {
    renderPage(<ContactPage />, '/contact');
    expect(screen.getByRole('heading', { level: 1, name: 'Get in Touch' })).toBeTruthy();
    const select = await screen.findByLabelText<HTMLSelectElement>('Reason for contacting us');
    expect(Array.from(select.options).map((o) => o.value)).toEqual([
      '',
      'global_market_access',
      'custom_pricing',
      'tech_scouting',
      'ip_licensing',
      'startup_formation',
      'funding_strategy',
      'compliance_risks',
      'other',
    ]);
    expect(screen.getByRole('link', { name: SITE.support_email }).getAttribute('href')).toBe(`mailto:${SITE.support_email}`);
  });
});
