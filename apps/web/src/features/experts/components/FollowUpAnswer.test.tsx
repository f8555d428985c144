import type { z } from 'zod';
import type { expertAssignmentDetail } from '@assay/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '../../../test/http.ts';
import { ExpertAssignment } from './ExpertAssignment.tsx';

/** Decision 234: the expert answers the member's follow-up round once, one answer per question. */
type Detail = z.infer<typeof expertAssignmentDetail>;
const REVIEW = {
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
const detail = (over: Partial<Detail>): Detail => ({
  id: 'a1',
  report_title: 'Silver hydrogel dressing',
  complexity: 'basic',
  sections: null,
  questions: 'Is it novel?',
  state: 'delivered',
  fee: 3000,
  due_at: '2026-12-05T10:00:00Z',
  assigned_at: '2026-11-28T10:00:00Z',
  offer_expires_at: null,
  rating: null,
  record: { name: 'Dressing' },
  review: REVIEW,
  ...over,
});
const ASKED = {
  questions: ['Would a method claim cover the app?', 'Which licensee first?'],
  asked_at: '2026-12-02T09:00:00Z',
  answers: null,
  answered_at: null,
};
afterEach(() => vi.unstubAllGlobals());

function show(first: Detail, afterPost?: Detail) {
  let current = first;
  const calls = stubApi({
    'GET /expert/assignments/a1': () => json(200, current),
    'POST /expert/assignments/a1/follow-up': () => {
      if (!afterPost) return json(409, { detail: 'You have already answered these follow-up questions' });
      current = afterPost;
      return json(200, afterPost);
    },
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ExpertAssignment id="a1" onBack={() => {}} />
    </QueryClientProvider>,
  );
  return calls;
}

describe('the member’s follow-up questions in the expert portal', () => {
  it('asks an answer for each question, refuses a blank one here, sends them once and shows them as given', async () => {
    const answered = detail({
      follow_up: { ...ASKED, answers: ['Yes, as a method of reading.', 'A dressing maker.'], answered_at: '2026-12-03T09:00:00Z' },
    });
    const calls = show(detail({ follow_up: ASKED }), answered);
    const section = await screen.findByTestId('expert-follow-up');
    const form = within(section).getByRole('form', { name: 'Answer the follow-up questions' });
    expect(section.textContent).toContain('1. Would a method claim cover the app?');
    await userEvent.type(within(form).getByLabelText('Your answer to question 1'), 'Yes, as a method of reading.');
    await userEvent.click(within(form).getByRole('button', { name: 'Send the answers' }));
    // The second is blank: marked at its field, focused, nothing sent.
    const second = within(form).getByLabelText('Your answer to question 2');
    expect(second.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(second);
    expect(section.textContent).toContain('Answer each question');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await userEvent.type(second, '  A dressing maker.  ');
    await userEvent.click(within(form).getByRole('button', { name: 'Send the answers' }));
    await waitFor(() => expect(within(screen.getByTestId('expert-follow-up')).queryByRole('form')).toBeNull());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ answers: ['Yes, as a method of reading.', 'A dressing maker.'] });
    expect(
      within(screen.getByTestId('expert-follow-up'))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Would a method claim cover the app?Your answer: Yes, as a method of reading.',
      'Which licensee first?Your answer: A dressing maker.',
    ]);
  });

  it('shows the server’s refusal', async () => {
    show(detail({ follow_up: { ...ASKED, questions: ['One?'] } }));
    await userEvent.type(await screen.findByLabelText('Your answer to question 1'), 'Yes.');
    await userEvent.click(screen.getByRole('button', { name: 'Send the answers' }));
    expect((await screen.findByRole('alert')).textContent).toBe('You have already answered these follow-up questions');
  });

  it('shows no follow-up section when none was asked', async () => {
    show(detail({ follow_up: null }));
    await screen.findByText('Your delivered review');
    expect(screen.queryByTestId('expert-follow-up')).toBeNull();
  });
});
