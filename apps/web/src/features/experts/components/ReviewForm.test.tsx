import type { ReviewDraftResponse } from '@assay/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi, type Call, type Handler } from '../../../test/http.ts';
import { ReviewForm } from './ReviewForm.tsx';

/** The review form's draft (decision 233): restored, saved as the expert writes, comments on sections. */
const DRAFT = {
  verdicts: {
    novelty: { verdict: 'strong', note: 'New trigger.' },
    market: { verdict: 'adequate', note: '' },
    maturity: { verdict: 'weak', note: '' },
    ip_route: { verdict: 'adequate', note: '' },
  },
  recommendation: 'pursue',
  reasons: 'Half-written reasons',
  answers: '',
  comments: [{ section: 'ip_snapshot', text: 'Search first.' }],
} as const;
const savedAt = '2026-11-28T14:32:00Z';
const saved = (body: unknown, revision = 2): ReviewDraftResponse => ({
  draft: body as ReviewDraftResponse['draft'],
  saved_at: new Date().toISOString(),
  revision,
});

function show(routes: Record<string, Handler>, props: { asked?: string[] | null } = {}) {
  const calls = stubApi(routes);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={client}>
      <ReviewForm id="a1" complexity="basic" asked={props.asked ?? ['technology', 'ip_snapshot']} />
    </QueryClientProvider>,
  );
  return { calls, view };
}
const puts = (calls: Call[]) => calls.filter((c) => c.method === 'PUT' && c.path === '/expert/assignments/a1/draft');
afterEach(() => vi.unstubAllGlobals());

describe('the review form’s draft', () => {
  it('opens with the draft saved before (on any device) and says so', async () => {
    show({ 'GET /expert/assignments/a1/draft': () => json(200, { draft: DRAFT, saved_at: savedAt, revision: 3 }) });
    const reasons = await screen.findByLabelText<HTMLTextAreaElement>('Reasons');
    expect(reasons.value).toBe('Half-written reasons');
    expect(screen.getByLabelText<HTMLSelectElement>('Recommendation').value).toBe('pursue');
    expect(screen.getByLabelText<HTMLTextAreaElement>('Comment 1').value).toBe('Search first.');
    expect(screen.getByLabelText<HTMLSelectElement>('Section of comment 1').value).toBe('ip_snapshot');
    expect(screen.getByTestId('draft-status').textContent).toMatch(/^Draft restored, saved \d{1,2}:\d{2}/);
    expect(screen.getByTestId('draft-status').getAttribute('aria-live')).toBe('polite');
  });

  it('never shows a blank form over a draft it could not read: the error and a retry instead, and nothing saved', async () => {
    const { calls } = show({ 'GET /expert/assignments/a1/draft': () => json(500, { detail: 'Database unavailable' }) });
    expect((await screen.findByRole('alert')).textContent).toBe('Your draft could not be loaded: Server error. Please try again later.');
    expect(screen.queryByLabelText('Reasons')).toBeNull();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(puts(calls)).toEqual([]);
  });

  it('saves the whole form a moment after typing stops, once, and shows “Saving…” then “Saved”', async () => {
    let answer!: () => void;
    const { calls } = show({
      'GET /expert/assignments/a1/draft': () => json(200, { draft: null, saved_at: null, revision: 0 }),
      'PUT /expert/assignments/a1/draft': (c) =>
        new Promise((resolve) => {
          answer = () => resolve(json(200, saved(c.body, 1)));
        }),
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Reasons'), 'Good sensitivity');
    expect(screen.getByTestId('draft-status').textContent).toBe('Your draft saves as you write.');
    // Nothing is sent while typing, one save once it pauses.
    expect(puts(calls)).toEqual([]);
    await waitFor(() => expect(puts(calls)).toHaveLength(1), { timeout: 4000 });
    expect(screen.getByTestId('draft-status').textContent).toBe('Saving…');
    expect(puts(calls)[0]!.body).toMatchObject({
      reasons: 'Good sensitivity',
      recommendation: 'hold_for_data',
      comments: [],
      verdicts: { novelty: { verdict: 'adequate' } },
    });
    await act(async () => answer());
    await waitFor(() => expect(screen.getByTestId('draft-status').textContent).toMatch(/^Saved \d{1,2}:\d{2}/));
    // Nothing changed since: nothing more is sent.
    await new Promise((r) => setTimeout(r, 1800));
    expect(puts(calls)).toHaveLength(1);
  });

  it('saves at once when a field loses focus, without waiting for the pause', async () => {
    const { calls } = show({
      'GET /expert/assignments/a1/draft': () => json(200, { draft: null, saved_at: null, revision: 0 }),
      'PUT /expert/assignments/a1/draft': (c) => json(200, saved(c.body, 1)),
    });
    const reasons = await screen.findByLabelText('Reasons');
    fireEvent.change(reasons, { target: { value: 'Typed fast' } });
    fireEvent.blur(reasons);
    await waitFor(() => expect(puts(calls)).toHaveLength(1), { timeout: 500 });
    expect(puts(calls)[0]!.body).toMatchObject({ reasons: 'Typed fast' });
  });

  it('says when a save failed, keeps the text and offers to save again', async () => {
    let fail = true;
    const { calls } = show({
      'GET /expert/assignments/a1/draft': () => json(200, { draft: null, saved_at: null, revision: 0 }),
      'PUT /expert/assignments/a1/draft': (c) => (fail ? json(503, { detail: 'The service is busy.' }) : json(200, saved(c.body, 1))),
    });
    const reasons = await screen.findByLabelText<HTMLTextAreaElement>('Reasons');
    fireEvent.change(reasons, { target: { value: 'Keep me' } });
    fireEvent.blur(reasons);
    await waitFor(() =>
      expect(screen.getByTestId('draft-status').textContent).toBe(
        'Not saved: Server error. Please try again later. Your text is still here.',
      ),
    );
    expect(reasons.value).toBe('Keep me');
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save now' }));
    await waitFor(() => expect(screen.getByTestId('draft-status').textContent).toMatch(/^Saved /));
    expect(puts(calls)).toHaveLength(2);
  });

  it('stops saving once the server says the review is no longer open (delivered or cancelled elsewhere)', async () => {
    const { calls } = show({
      'GET /expert/assignments/a1/draft': () => json(200, { draft: null, saved_at: null, revision: 0 }),
      'PUT /expert/assignments/a1/draft': () => json(409, { detail: 'Drafts are kept only while you are reviewing an accepted request' }),
    });
    const reasons = await screen.findByLabelText('Reasons');
    fireEvent.change(reasons, { target: { value: 'One' } });
    fireEvent.blur(reasons);
    await waitFor(() =>
      expect(screen.getByTestId('draft-status').textContent).toBe(
        'Not saved: Drafts are kept only while you are reviewing an accepted request',
      ),
    );
    expect(screen.queryByRole('button', { name: 'Save now' })).toBeNull();
    fireEvent.change(reasons, { target: { value: 'Two' } });
    fireEvent.blur(reasons);
    await new Promise((r) => setTimeout(r, 100));
    expect(puts(calls)).toHaveLength(1);
  });

  it('saves what is unsaved when the page is hidden, with keepalive so it outlives the page', async () => {
    const sent: RequestInit[] = [];
    show({
      'GET /expert/assignments/a1/draft': () => json(200, { draft: null, saved_at: null, revision: 0 }),
      'PUT /expert/assignments/a1/draft': (c) => json(200, saved(c.body, 1)),
    });
    const reasons = await screen.findByLabelText('Reasons');
    const stubbed = globalThis.fetch;
    vi.stubGlobal('fetch', (input: string, init: RequestInit) => {
      sent.push(init);
      return stubbed(input, init);
    });
    fireEvent.change(reasons, { target: { value: 'Leaving now' } });
    window.dispatchEvent(new Event('pagehide'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ method: 'PUT', keepalive: true });
  });
});

describe('comments on sections', () => {
  it('adds a comment anchored to a section — the sections the member asked about first — focuses it, and removes it', async () => {
    const { calls } = show({
      'GET /expert/assignments/a1/draft': () => json(200, { draft: null, saved_at: null, revision: 0 }),
      'PUT /expert/assignments/a1/draft': (c) => json(200, saved(c.body, 1)),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add a comment on a section' }));
    const text = screen.getByLabelText('Comment 1');
    expect(document.activeElement).toBe(text);
    const section = screen.getByLabelText<HTMLSelectElement>('Section of comment 1');
    expect(section.value).toBe('technology');
    const groups = within(section).getAllByRole('group');
    expect(groups.map((g) => g.getAttribute('label'))).toEqual(['Sections the member asked about', 'Other sections']);
    expect(
      within(groups[0]!)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['3. The Technology', '6. IP Snapshot']);
    // Any section of the report's tier can take a comment: all fifteen of a Basic report.
    expect(within(section).getAllByRole('option')).toHaveLength(15);
    await user.selectOptions(section, 'risks');
    await user.type(text, 'Name the regulator.');
    await user.tab();
    await waitFor(() => expect(puts(calls).at(-1)?.body).toMatchObject({ comments: [{ section: 'risks', text: 'Name the regulator.' }] }));

    await user.click(screen.getByRole('button', { name: 'Remove comment 1' }));
    expect(screen.queryByLabelText('Comment 1')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add a comment on a section' }));
  });

  it('delivers the comments with the review; an empty one is pointed out and nothing is sent', async () => {
    const calls = show({
      'GET /expert/assignments/a1/draft': () =>
        json(200, {
          draft: { ...DRAFT, reasons: 'Needs field data.', comments: [{ section: 'ip_snapshot', text: '  ' }] },
          saved_at: savedAt,
          revision: 1,
        }),
      'PUT /expert/assignments/a1/draft': (c) => json(200, saved(c.body, 2)),
      'POST /expert/assignments/a1/review': () => json(200, {}),
    }).calls;
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Deliver the review' }));
    expect(screen.getByLabelText('Comment 1').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe('Write each comment, or remove it');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    await user.type(screen.getByLabelText('Comment 1'), 'Search first.');
    await user.click(screen.getByRole('button', { name: 'Deliver the review' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({
      reasons: 'Needs field data.',
      comments: [{ section: 'ip_snapshot', text: 'Search first.' }],
    });
  });
});
