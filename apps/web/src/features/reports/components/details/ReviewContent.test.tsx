import type { ReviewRequestView } from '@assay/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../../lib/session.ts';
import { json, renderWithApp, startedReport, stubApi } from '../../test-support.tsx';
import { ReportExpertReview } from './ReportExpertReview.tsx';

/** The member's side of decision 233: the expert's comments beside the report, by section, and the reviewed PDF. */
const completed = startedReport({
  status: 'completed',
  version: 1,
  pdf_url: '/api/reports/r1/download',
  progress: { stage: 'done', sections_done: 15, sections_total: 15 },
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
const delivered = (review: ReviewRequestView['review']): ReviewRequestView => ({
  id: 'q1',
  report_id: completed.id,
  report_title: 'Silver hydrogel dressing',
  complexity: 'basic',
  sections: null,
  questions: '',
  price: 5000,
  state: 'delivered',
  expert: { name: 'Grace Hopper', rttp_number: 'RTTP-00421' },
  due_at: '2026-12-05T10:00:00Z',
  created_at: '2026-11-28T10:00:00Z',
  needs_expert_reason: null,
  end_reason: null,
  review,
  rating: null,
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

describe('the expert’s comments on sections, beside the report', () => {
  it('are grouped by section in the report’s order, each section named with its number', async () => {
    const comments = [
      { section: 'risks', text: 'Name the regulator.' },
      { section: 'technology', text: 'Say what triggers the release.' },
      { section: 'risks', text: 'And the recall route.' },
    ];
    stubApi({ 'GET /review-requests': () => json(200, { requests: [delivered({ ...REVIEW, comments })] }) });
    renderWithApp(<ReportExpertReview report={completed} />);
    const list = await screen.findByTestId('review-section-comments');
    const groups = within(list)
      .getAllByRole('term')
      .map((dt) => [dt.textContent, ...Array.from(dt.parentElement!.querySelectorAll('dd'), (d) => d.textContent)]);
    expect(groups).toEqual([
      ['3. The Technology', 'Say what triggers the release.'],
      ['15. Risk Register', 'Name the regulator.', 'And the recall route.'],
    ]);
  });

  it('are left out when the review has none (and for reviews from before comments)', async () => {
    stubApi({ 'GET /review-requests': () => json(200, { requests: [delivered(REVIEW)] }) });
    renderWithApp(<ReportExpertReview report={completed} />);
    await screen.findByTestId('delivered-review');
    expect(screen.queryByTestId('review-section-comments')).toBeNull();
  });
});

describe('the reviewed PDF', () => {
  it('downloads with the member’s token under the report’s name', async () => {
    const saved: string[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:reviewed', revokeObjectURL: () => undefined }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const calls = stubApi({
      'GET /review-requests': () => json(200, { requests: [delivered({ ...REVIEW, comments: [] })] }),
      'GET /review-requests/q1/pdf': () =>
        new Response(new Blob(['%PDF-1.7']), { status: 200, headers: { 'content-type': 'application/pdf' } }),
    });
    renderWithApp(<ReportExpertReview report={completed} />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Download the reviewed PDF' }));
    await waitFor(() => expect(saved).toEqual(['Silver hydrogel dressing — expert review.pdf']));
    expect(calls.find((c) => c.path === '/review-requests/q1/pdf')!.authorization).toBe('Bearer access-token');
    click.mockRestore();
  });

  it('says why when it cannot be had', async () => {
    stubApi({
      'GET /review-requests': () => json(200, { requests: [delivered(REVIEW)] }),
      'GET /review-requests/q1/pdf': () => json(409, { detail: 'The reviewed PDF cannot be made for this report' }),
    });
    renderWithApp(<ReportExpertReview report={completed} />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Download the reviewed PDF' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The reviewed PDF cannot be made for this report');
  });
});
