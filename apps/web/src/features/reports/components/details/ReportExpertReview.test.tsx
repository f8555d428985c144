import type { ReviewRequestView } from '@assay/shared';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../../lib/session.ts';
import { json, renderWithApp, startedReport, stubApi } from '../../test-support.tsx';
import { ReportExpertReview } from './ReportExpertReview.tsx';

const completed = startedReport({ status: 'completed', version: 1, pdf_url: '/api/reports/r1/download', progress: { stage: 'done', sections_done: 15, sections_total: 15 } });
const request = (over: Partial<ReviewRequestView>): ReviewRequestView => ({
  id: 'q1', report_id: completed.id, report_title: completed.title, complexity: 'basic', sections: null, questions: '', price: 5000, state: 'requested',
  expert: null, due_at: '2026-12-05T10:00:00Z', created_at: '2026-11-28T10:00:00Z', needs_expert_reason: null, end_reason: null, review: null, ...over,
});

beforeEach(() => {
  session.signIn('access-token', { id: 'u1', name: 'Ada', email: 'ada@example.com', phone: null, is_verified: true, reports_generated: 1, created_at: '2025-01-01T00:00:00Z', last_login: null, auth_provider: 'password' });
});
afterEach(() => {
  session.clear();
  vi.unstubAllGlobals();
});

describe('the member’s expert review (decision 227)', () => {
  it('says a declined request is looking for another expert, its tokens still held', async () => {
    stubApi({ 'GET /review-requests': () => json(200, { requests: [request({ needs_expert_reason: 'declined' })] }) });
    renderWithApp(<ReportExpertReview report={completed} />);
    expect((await screen.findByTestId('review-needs-expert')).textContent).toBe('The expert it was offered to declined; looking for another expert.');
    expect(screen.getByTestId('review-request-open').textContent).toContain('5,000 tokens are held');
    expect(screen.queryByText('An operator will choose an expert for your report.')).toBeNull();
  });

  it('says why a request ended without an expert and that the tokens are back, and offers to ask again', async () => {
    stubApi({ 'GET /review-requests': () => json(200, { requests: [request({ state: 'unmatched', end_reason: 'deadline' })] }) });
    renderWithApp(<ReportExpertReview report={completed} />);
    expect((await screen.findByTestId('review-unmatched')).textContent).toBe(
      'Your last request ended: no expert could take it on before its deadline. Its 5,000 tokens are back in your balance.');
    expect(screen.getByRole('button', { name: 'Request an expert review' })).toBeTruthy();
  });
});
