import { MSG, type ReviewRequestView } from '@assay/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../../lib/session.ts';
import { json, renderWithApp, startedReport, stubApi } from '../../test-support.tsx';
import { ReportExpertReview } from './ReportExpertReview.tsx';

const completed = startedReport({
  status: 'completed',
  version: 1,
  pdf_url: '/api/reports/r1/download',
  progress: { stage: 'done', sections_done: 15, sections_total: 15 },
});
const request = (over: Partial<ReviewRequestView>): ReviewRequestView => ({
  id: 'q1',
  report_id: completed.id,
  report_title: completed.title,
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
  ...over,
});

beforeEach(() => {
  session.signIn('access-token', {
    id: 'u1',
    name: 'Ada',
    email: 'ada@example.com',
    phone: null,
    is_verified: true,
    reports_generated: 1,
    created_at: '2025-01-01T00:00:00Z',
    last_login: null,
    auth_provider: 'password',
  });
});
afterEach(() => {
  session.clear();
  vi.unstubAllGlobals();
});

describe('the member’s expert review (decision 227)', () => {
  it('says a declined request is looking for another expert, its tokens still held', async () => {
    stubApi({ 'GET /review-requests': () => json(200, { requests: [request({ needs_expert_reason: 'declined' })] }) });
    renderWithApp(<ReportExpertReview report={completed} />);
    expect((await screen.findByTestId('review-needs-expert')).textContent).toBe(
      'The expert it was offered to declined; looking for another expert.',
    );
    expect(screen.getByTestId('review-request-open').textContent).toContain('5,000 tokens are held');
    expect(screen.queryByText('An operator will choose an expert for your report.')).toBeNull();
  });

  it('says why a request ended without an expert and that the tokens are back, and offers to ask again', async () => {
    stubApi({ 'GET /review-requests': () => json(200, { requests: [request({ state: 'unmatched', end_reason: 'deadline' })] }) });
    renderWithApp(<ReportExpertReview report={completed} />);
    expect((await screen.findByTestId('review-unmatched')).textContent).toBe(
      'Your last request ended: no expert could take it on before its deadline. Its 5,000 tokens are back in your balance.',
    );
    expect(screen.getByRole('button', { name: 'Request an expert review' })).toBeTruthy();
  });
});

const REVIEW = {
  expert_name: 'Grace Hopper',
  expert_rttp_number: 'RTTP-00421',
  verdicts: {
    novelty: { verdict: 'strong', note: '' },
    market: { verdict: 'adequate', note: '' },
    maturity: { verdict: 'weak', note: '' },
    ip_route: { verdict: 'adequate', note: '' },
  },
  recommendation: 'hold_for_data',
  reasons: 'Needs animal data.',
  answers: '',
  delivered_at: '2026-12-01T10:00:00Z',
} as const;
const delivered = (over: Partial<ReviewRequestView> = {}) =>
  request({ state: 'delivered', expert: { name: 'Grace Hopper', rttp_number: 'RTTP-00421' }, review: REVIEW, ...over });

describe('the member rates a delivered review (decision 232)', () => {
  it('rates it with stars and a comment, once: the form sends them and then shows the rating as given', async () => {
    let rated = false;
    const rating = { stars: 4, comment: 'Clear and useful.', rated_at: '2026-12-02T09:00:00Z' };
    const calls = stubApi({
      'GET /review-requests': () => json(200, { requests: [rated ? delivered({ rating }) : delivered()] }),
      'POST /review-requests/q1/rating': () => {
        rated = true;
        return json(201, delivered({ rating }));
      },
    });
    renderWithApp(<ReportExpertReview report={completed} />);
    const form = await screen.findByTestId('review-rating-form');
    const group = within(form).getByRole('group', { name: 'How useful was this review?' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((r) => r.closest('label')!.textContent),
    ).toEqual(['☆1 star', '☆2 stars', '☆3 stars', '☆4 stars', '☆5 stars']);

    // No stars chosen: refused here, with the server's words, and nothing sent.
    await userEvent.click(within(form).getByRole('button', { name: 'Send the rating' }));
    expect(within(form).getByRole('alert').textContent).toBe('Choose from 1 to 5 stars');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await userEvent.click(within(form).getByRole('radio', { name: '4 stars' }));
    await userEvent.type(within(form).getByLabelText('Comment (optional)'), '  Clear and useful.  ');
    await userEvent.click(within(form).getByRole('button', { name: 'Send the rating' }));
    const shown = await screen.findByTestId('review-rating');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ stars: 4, comment: 'Clear and useful.' });
    expect(within(shown).getByRole('img', { name: 'Rated 4 of 5 stars' })).toBeTruthy();
    expect(shown.textContent).toContain('Clear and useful.');
    expect(screen.queryByTestId('review-rating-form')).toBeNull();
  });

  it('refuses control characters in the comment before sending', async () => {
    const calls = stubApi({ 'GET /review-requests': () => json(200, { requests: [delivered()] }) });
    renderWithApp(<ReportExpertReview report={completed} />);
    const form = await screen.findByTestId('review-rating-form');
    await userEvent.click(within(form).getByRole('radio', { name: '5 stars' }));
    await userEvent.type(within(form).getByLabelText('Comment (optional)'), 'bell \u0007 here');
    await userEvent.click(within(form).getByRole('button', { name: 'Send the rating' }));
    expect(within(form).getByRole('alert').textContent).toBe(MSG.textControlCharacters);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('shows the server’s refusal (already rated elsewhere)', async () => {
    stubApi({
      'GET /review-requests': () => json(200, { requests: [delivered()] }),
      'POST /review-requests/q1/rating': () => json(409, { detail: 'You have already rated this review', code: 'already_rated' }),
    });
    renderWithApp(<ReportExpertReview report={completed} />);
    const form = await screen.findByTestId('review-rating-form');
    await userEvent.click(within(form).getByRole('radio', { name: '2 stars' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Send the rating' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('You have already rated this review');
  });

  it('shows a rating already given, with no form', async () => {
    stubApi({
      'GET /review-requests': () =>
        json(200, { requests: [delivered({ rating: { stars: 2, comment: '', rated_at: '2026-12-02T09:00:00Z' } })] }),
    });
    renderWithApp(<ReportExpertReview report={completed} />);
    const shown = await screen.findByTestId('review-rating');
    expect(within(shown).getByRole('img', { name: 'Rated 2 of 5 stars' }).textContent).toBe('★★☆☆☆');
    expect(screen.queryByTestId('review-rating-form')).toBeNull();
  });
});
