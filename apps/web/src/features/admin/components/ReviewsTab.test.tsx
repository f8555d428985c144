import type { z } from 'zod';
import type { adminReviewRequestView } from '@assay/shared';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminCredentials } from '../lib/credentials.ts';
import { json, mockFetch, renderWithClient } from '../test-support.tsx';
import { ReviewsTab } from './ReviewsTab.tsx';
import { spyOnToasts } from '../../../test/toasts.ts';

spyOnToasts();

afterEach(() => {
  adminCredentials.clear();
  vi.unstubAllGlobals();
});

type Row = z.infer<typeof adminReviewRequestView>;
const row = (over: Partial<Row>): Row => ({
  id: crypto.randomUUID(),
  report_id: 'r1',
  report_title: 'Silver hydrogel dressing',
  complexity: 'basic',
  sections: null,
  questions: '',
  price: 5000,
  state: 'requested',
  expert: null,
  due_at: '2026-12-05T10:00:00Z',
  created_at: '2026-11-28T10:00:00Z',
  needs_expert_reason: null,
  end_reason: null,
  review: null,
  rating: null,
  member_email: 'grace@example.com',
  expert_id: null,
  offer_expires_at: null,
  offers: 0,
  escalated_at: null,
  ...over,
});

describe('the review queue (decision 227)', () => {
  it('says which requests need an expert and why, which offers wait until when, which reviews are overdue and why one ended', async () => {
    adminCredentials.save('ops', 'secret-password');
    mockFetch((_method, path) =>
      path.includes('/experts')
        ? json(200, { experts: [] })
        : json(200, {
            requests: [
              row({ needs_expert_reason: 'timed_out', offers: 1 }),
              row({
                state: 'accepted',
                escalated_at: '2026-12-05T10:01:00Z',
                expert: { name: 'Katherine Johnson', rttp_number: 'RTTP-7' },
                expert_id: 'e1',
                offers: 1,
              }),
              row({
                state: 'assigned',
                offer_expires_at: '2026-11-30T10:00:00Z',
                expert: { name: 'Ada', rttp_number: 'R' },
                expert_id: 'e2',
                offers: 2,
              }),
              row({ state: 'unmatched', end_reason: 'no_expert', offers: 2 }),
            ],
          }),
    );
    renderWithClient(<ReviewsTab />);
    const rows = await screen.findAllByTestId('review-row');
    expect(rows[0]!.textContent).toContain('Needs an expert: the expert it was offered to did not accept in time');
    expect(rows[1]!.textContent).toMatch(/Overdue: not delivered by .*flagged/);
    expect(rows[2]!.textContent).toMatch(/Offer 2 · to be accepted by/);
    expect(rows[3]!.textContent).toContain('No expert took it on — tokens returned');
    expect(rows[3]!.textContent).toContain('Ended: no suitable expert was free to take it on.');
  });
});

describe('the member’s rating in the queue (decision 232)', () => {
  it('shows the stars and the comment on a delivered row, nothing on an unrated one', async () => {
    adminCredentials.save('ops', 'secret-password');
    mockFetch((_method, path) =>
      path.includes('/experts')
        ? json(200, { experts: [] })
        : json(200, {
            requests: [
              row({
                state: 'delivered',
                expert: { name: 'Ada', rttp_number: 'R' },
                rating: { stars: 3, comment: 'Good on IP, thin on market.', rated_at: '2026-12-02T09:00:00Z' },
              }),
              row({ state: 'delivered', expert: { name: 'Ada', rttp_number: 'R' } }),
            ],
          }),
    );
    renderWithClient(<ReviewsTab />);
    const rows = await screen.findAllByTestId('review-row');
    const rated = within(rows[0]!).getByTestId('review-rating');
    expect(within(rated).getByRole('img', { name: 'Rated 3 of 5 stars' })).toBeTruthy();
    expect(rated.textContent).toBe('Member’s rating: ★★★☆☆ — “Good on IP, thin on market.”');
    expect(within(rows[1]!).queryByTestId('review-rating')).toBeNull();
  });
});
