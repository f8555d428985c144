import { MSG, type ReviewRequestView } from '@assay/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../../lib/session.ts';
import { json, renderWithApp, startedReport, stubApi } from '../../test-support.tsx';
import { ReportExpertReview } from './ReportExpertReview.tsx';

/** Decision 234: the member's one free round of follow-up questions under a delivered review. */
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
const delivered = (over: Partial<ReviewRequestView> = {}): ReviewRequestView => ({
  id: 'q1',
  report_id: completed.id,
  report_title: completed.title,
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
  review: REVIEW,
  rating: null,
  follow_up: null,
  follow_up_until: '2026-12-31T10:00:00Z',
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

describe('follow-up questions on a delivered review', () => {
  it('asks up to five questions once, free; checks them first; then shows them waiting for the answers', async () => {
    let asked: ReviewRequestView | undefined;
    const calls = stubApi({
      'GET /review-requests': () => json(200, { requests: [asked ?? delivered()] }),
      'POST /review-requests/q1/follow-up': (c) => {
        asked = delivered({
          follow_up_until: null,
          follow_up: {
            questions: (c.body as { questions: string[] }).questions,
            asked_at: '2026-12-02T09:00:00Z',
            answers: null,
            answered_at: null,
          },
        });
        return json(201, asked);
      },
    });
    renderWithApp(<ReportExpertReview report={completed} />);
    const review = await screen.findByTestId('delivered-review');
    expect(review.textContent).toContain('one round of follow-up questions, at no charge, until');
    await userEvent.click(within(review).getByRole('button', { name: 'Ask follow-up questions' }));
    const form = screen.getByTestId('follow-up-form');

    // An empty question is refused here, with the server's words; nothing is sent.
    await userEvent.click(within(form).getByRole('button', { name: 'Send the questions' }));
    expect(within(form).getByRole('alert').textContent).toBe('Write the question, or remove it');
    expect(document.activeElement).toBe(within(form).getByLabelText('Question 1'));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await userEvent.type(within(form).getByLabelText('Question 1'), 'Would a method claim cover the app?');
    await userEvent.click(within(form).getByRole('button', { name: 'Add another question' }));
    expect(document.activeElement).toBe(within(form).getByLabelText('Question 2'));
    await userEvent.type(within(form).getByLabelText('Question 2'), 'bell \u0007');
    await userEvent.click(within(form).getByRole('button', { name: 'Send the questions' }));
    expect(within(form).getByRole('alert').textContent).toBe(MSG.textControlCharacters);
    await userEvent.clear(within(form).getByLabelText('Question 2'));
    await userEvent.type(within(form).getByLabelText('Question 2'), '  Which licensee first?  ');
    // Five at most: the button goes once there are five.
    for (let i = 3; i <= 5; i++) await userEvent.click(within(form).getByRole('button', { name: 'Add another question' }));
    expect(within(form).queryByRole('button', { name: 'Add another question' })).toBeNull();
    for (let i = 5; i >= 3; i--) await userEvent.click(within(form).getByRole('button', { name: `Remove question ${i}` }));
    await userEvent.click(within(form).getByRole('button', { name: 'Send the questions' }));

    const shown = await screen.findByTestId('review-follow-up');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      questions: ['Would a method claim cover the app?', 'Which licensee first?'],
    });
    expect(
      within(shown)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Would a method claim cover the app?', 'Which licensee first?']);
    expect(within(shown).getByTestId('follow-up-waiting').textContent).toContain('Waiting for the expert’s answers');
    expect(screen.queryByRole('button', { name: 'Ask follow-up questions' })).toBeNull();
  });

  it('shows the server’s refusal (a second round) in the form', async () => {
    stubApi({
      'GET /review-requests': () => json(200, { requests: [delivered()] }),
      'POST /review-requests/q1/follow-up': () =>
        json(409, {
          detail: 'You have already asked your follow-up questions for this review: one round is included',
          code: 'follow_up_asked',
        }),
    });
    renderWithApp(<ReportExpertReview report={completed} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Ask follow-up questions' }));
    await userEvent.type(screen.getByLabelText('Question 1'), 'Again?');
    await userEvent.click(screen.getByRole('button', { name: 'Send the questions' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'You have already asked your follow-up questions for this review: one round is included',
    );
  });

  it('shows each answer under its question', async () => {
    stubApi({
      'GET /review-requests': () =>
        json(200, {
          requests: [
            delivered({
              follow_up_until: null,
              follow_up: {
                questions: ['Claimable?', 'Who first?'],
                asked_at: '2026-12-02T09:00:00Z',
                answers: ['Yes, as a method.', 'A dressing maker.'],
                answered_at: '2026-12-03T09:00:00Z',
              },
            }),
          ],
        }),
    });
    renderWithApp(<ReportExpertReview report={completed} />);
    const shown = await screen.findByTestId('review-follow-up');
    expect(
      within(shown)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Claimable?Answer: Yes, as a method.', 'Who first?Answer: A dressing maker.']);
    expect(shown.textContent).toContain('answered');
    expect(within(shown).queryByTestId('follow-up-waiting')).toBeNull();
  });

  it('offers no follow-up once the window has closed and none was asked', async () => {
    stubApi({ 'GET /review-requests': () => json(200, { requests: [delivered({ follow_up_until: null })] }) });
    renderWithApp(<ReportExpertReview report={completed} />);
    await screen.findByTestId('delivered-review');
    expect(screen.queryByRole('button', { name: 'Ask follow-up questions' })).toBeNull();
    expect(screen.queryByTestId('review-follow-up')).toBeNull();
  });
});
