import { TOKEN_VALIDITY_TEXT } from '@assay/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage, SITE } from '../test-support.tsx';
import AboutPage from './AboutPage.tsx';
import CareersPage from './CareersPage.tsx';
import PrivacyPage from './PrivacyPage.tsx';
import RefundPolicyPage from './RefundPolicyPage.tsx';
import TermsPage from './TermsPage.tsx';

/** The numbered h2 titles of a policy page, and the table of contents' anchors. */
function outline() {
  const sections = screen.getAllByRole('heading', { level: 2 }).filter((h) => /^\d+\. /.test(h.textContent ?? ''));
  const toc = screen.getByRole('navigation', { name: 'Contents' });
  const anchors = within(toc)
    .getAllByRole('link')
    .map((a) => a.getAttribute('href'));
  return { titles: sections.map((h) => h.textContent), anchors, ids: sections.map((h) => h.closest('section')!.id) };
}

/** The visible text of the page (the legal pages' print stylesheet left out). */
const text = () => (document.querySelector('[data-legal]') ?? document.body).textContent ?? '';

describe('the policy pages', () => {
  it('Terms: effective July 18, 2025, eleven sections in the spec’s order, each reachable from the contents', () => {
    renderPage(<TermsPage />, '/terms');
    expect(screen.getByRole('heading', { level: 1, name: 'Terms and Conditions' })).toBeTruthy();
    expect(text()).toContain('Effective date: July 18, 2025');
    const { titles, anchors, ids } = outline();
    expect(titles).toEqual([
      '1. Acceptance of Terms',
      '2. Description of Services',
      '3. Use of AI and Third-Party Services',
      '4. Token System and Payment',
      '5. Intellectual Property and Ownership',
      '6. Privacy and Confidentiality',
      '7. Refund and Cancellation',
      '8. Platform Access and User Responsibility',
      '9. Limitation of Liability',
      '10. Governing Law and Jurisdiction',
      '11. Contact Us',
    ]);
    expect(anchors).toEqual(ids.map((id) => `#${id}`));
  });

  it('Terms: one value for validity, refunds, liability and law', () => {
    renderPage(<TermsPage />, '/terms');
    const t = text();
    expect(t).toContain(`valid for ${TOKEN_VALIDITY_TEXT} from the date of purchase`);
    expect(t).not.toMatch(/90 days/);
    expect(t).toContain('within 7 calendar days of purchase');
    expect(t).toContain('administrative fee of 10%');
    expect(t).toContain('within 7 to 14 business days');
    expect(t).not.toMatch(/7 to 10 business days/);
    expect(t).toContain('the amount you paid us in the 6 months preceding');
    expect(t).toContain('laws of India');
    expect(t).toContain('courts at New Delhi');
    expect(t).toContain(SITE.support_email);
  });

  it('Refund Policy: effective July 16, 2025, nine sections, the same numbers as the Terms', () => {
    renderPage(<RefundPolicyPage />, '/refund-policy');
    expect(screen.getByRole('heading', { level: 1, name: 'Refund and Cancellation Policy' })).toBeTruthy();
    const { titles, anchors, ids } = outline();
    expect(titles).toEqual([
      '1. Overview',
      '2. No Refund for Consumed Tokens',
      '3. Token Validity',
      '4. Refund for Unused Packages',
      '5. Suspension or Termination by the Provider',
      '6. System Errors and Failed Deliveries',
      '7. Expert and Add-on Services',
      '8. How to Request a Refund',
      '9. Policy Updates',
    ]);
    expect(anchors).toEqual(ids.map((id) => `#${id}`));
    const t = text();
    expect(t).toContain('Effective date: July 16, 2025');
    expect(t).toContain(`${TOKEN_VALIDITY_TEXT} from the date of purchase`);
    expect(t).toContain('7 calendar days');
    expect(t).toContain('administrative fee of 10%');
    expect(t).toContain('7 to 14 business days');
    expect(t).not.toMatch(/7 to 10 business days/);
    expect(t).toContain('none of the tokens in that package has been used');
    expect(t).toContain('within 72 hours');
    expect(t).toContain('24 hours’ notice');
    expect(t).toMatch(/discounted or promotional bundles/);
  });

  it('Privacy Policy: retention periods, breach notice, minimum age and the AI provider', () => {
    renderPage(<PrivacyPage />, '/privacy');
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeTruthy();
    const t = text();
    expect(t).toContain('after 24 months without any sign-in');
    expect(t).toContain('12 months from the date the report was generated');
    expect(t).toContain('7 years');
    expect(t).toContain('within 72 hours');
    expect(t).toContain('aged 18 or over');
    expect(t).toContain('private to the account that created them');
    expect(t).toContain('configured not to train on your data');
    const { anchors, ids } = outline();
    expect(anchors).toEqual(ids.map((id) => `#${id}`));
  });

  it('has no placeholder text on any policy page', () => {
    for (const Page of [TermsPage, RefundPolicyPage, PrivacyPage]) {
      const { unmount } = renderPage(<Page />, '/x');
      expect(text()).not.toMatch(/lorem|ipsum|TODO|TBD|\[.*?\]|\{key\}/i);
      unmount();
    }
  });
});

describe('the careers page', () => {
  it('shows three options, each with description, benefits, requirements and Apply Now in a new tab', () => {
    renderPage(<CareersPage />, '/careers');
    const cards = screen.getAllByRole('article');
    expect(cards.map((c) => within(c).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'RTTP Expert',
      'Internship',
      'Full-Time Positions',
    ]);
    for (const card of cards) {
      expect(within(card).getByText('What you get')).toBeTruthy();
      expect(within(card).getByText('What we look for')).toBeTruthy();
      const apply = within(card).getByRole('link', { name: /^Apply Now/ });
      expect(apply.getAttribute('href')).toBe(SITE.careers_form_url);
      expect(apply.getAttribute('target')).toBe('_blank');
      expect(within(card).queryByText(/Send Email/)).toBeNull();
    }
  });

  it('lists the four values', () => {
    renderPage(<CareersPage />, '/careers');
    for (const v of ['Innovation First', 'Global Impact', 'Collaborative Culture', 'Purpose Driven']) {
      expect(screen.getByRole('heading', { level: 3, name: v })).toBeTruthy();
    }
  });
});

describe('the about page', () => {
  it('About explains the tiers from the shared constants and how privacy is protected', () => {
    renderPage(<AboutPage />, '/about');
    expect(screen.getByRole('heading', { level: 1 })).toBeTruthy();
    const t = text();
    expect(t).toContain('15 sections · 2,500 tokens');
    expect(t).toContain('24 sections · 7,500 tokens');
    expect(t).toContain('34 sections · 9,000 tokens');
    expect(t).toContain(`valid for ${TOKEN_VALIDITY_TEXT} from purchase`);
    expect(screen.getByRole('heading', { name: 'How your privacy is protected' })).toBeTruthy();
  });

  it('sets the browser tab title per page', () => {
    renderPage(<CareersPage />, '/careers');
    expect(document.title).toBe('Careers · Assay');
  });
});
