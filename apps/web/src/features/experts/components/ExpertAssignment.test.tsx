import type { z } from 'zod';
import type { expertAssignmentDetail } from '@assay/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '../../../test/http.ts';
import { ExpertAssignment } from './ExpertAssignment.tsx';

type Detail = z.infer<typeof expertAssignmentDetail>;
const detail = (over: Partial<Detail>): Detail => ({
  id: 'a1',
  report_title: 'Silver hydrogel dressing',
  complexity: 'basic',
  sections: null,
  questions: 'Is it novel?',
  state: 'assigned',
  fee: 3000,
  due_at: '2026-12-05T10:00:00Z',
  assigned_at: '2026-11-28T10:00:00Z',
  offer_expires_at: null,
  rating: null,
  record: null,
  review: null,
  ...over,
});
const show = (d: Detail) => {
  stubApi({ 'GET /expert/assignments/a1': () => json(200, d) });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ExpertAssignment id="a1" onBack={() => {}} />
    </QueryClientProvider>,
  );
};
afterEach(() => vi.unstubAllGlobals());

describe('an offered review in the expert portal (decisions 227, 232)', () => {
  it('shows by when to accept while the offer is open, with Accept and Decline', async () => {
    show(detail({ offer_expires_at: new Date(Date.now() + 86_400_000).toISOString() }));
    expect((await screen.findByTestId('offer-deadline')).textContent).toMatch(/^Accept by /);
    expect(screen.getByRole('button', { name: 'Accept the review' })).toBeTruthy();
  });

  it('says the offer lapsed once past its time, and offers no Accept that could only fail', async () => {
    show(detail({ offer_expires_at: new Date(Date.now() - 60_000).toISOString() }));
    expect((await screen.findByTestId('offer-deadline')).textContent).toMatch(/^Offer lapsed: it had to be accepted by /);
    expect(screen.queryByRole('button', { name: 'Accept the review' })).toBeNull();
  });

  it('shows the member’s rating of a delivered review, or that there is none yet', async () => {
    const review = {
      expert_name: 'Grace Hopper',
      expert_rttp_number: 'R',
      recommendation: 'pursue',
      reasons: 'Strong.',
      answers: '',
      delivered_at: '2026-12-01T10:00:00Z',
      verdicts: {
        novelty: { verdict: 'strong', note: '' },
        market: { verdict: 'strong', note: '' },
        maturity: { verdict: 'adequate', note: '' },
        ip_route: { verdict: 'strong', note: '' },
      },
    } as const;
    show(detail({ state: 'delivered', review, rating: { stars: 4, comment: 'Thorough.', rated_at: '2026-12-02T10:00:00Z' } }));
    expect(await screen.findByRole('img', { name: 'Rated 4 of 5 stars' })).toBeTruthy();
    expect(screen.getByTestId('member-rating').textContent).toContain('Thorough.');
    expect(screen.queryByTestId('offer-deadline')).toBeNull();
  });
});
