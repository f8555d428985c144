import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../../lib/session.ts';
import { balanceOf, json, recordOf, renderWithApp, SITE, startedReport, stubApi } from '../../test-support.tsx';
import { ReportDetailsModal } from '../ReportDetailsModal.tsx';

const completed = startedReport({
  status: 'completed', version: 1, record: recordOf(), record_confirmed: true, pdf_url: '/api/reports/r1/download',
  progress: { stage: 'done', sections_done: 15, sections_total: 15 },
});
const details = () => (
  <ReportDetailsModal report={completed} mode={undefined} onClose={() => undefined} onPreview={() => undefined} onDownload={() => undefined} downloading={false} />
);
const routes = {
  'GET /tokens/balance': () => balanceOf(1000),
  'GET /site-config': () => json(200, SITE),
  'GET /reports/r1/versions': () => json(200, { versions: [] }),
};

beforeEach(() => {
  session.signIn('access-token', { id: 'u1', name: 'Ada', email: 'ada@example.com', phone: null, is_verified: true, reports_generated: 1, created_at: '2025-01-01T00:00:00Z', last_login: null, auth_provider: 'password' });
});
afterEach(() => {
  session.clear();
  vi.unstubAllGlobals();
});

describe('changing a finished report', () => {
  it('“This section is wrong…”: asks for the note, shows the price and balance after, and says which sections are rewritten', async () => {
    const calls = stubApi({
      ...routes,
      'POST /reports/r1/sections/problem/regenerate': () => json(200, {
        report: { ...completed, status: 'processing', run_kind: 'section' },
        sections: [{ key: 'problem', title: 'Problem' }, { key: 'next_steps', title: 'Next Steps' }],
        figures: [{ figure: 'launch year', from: '2028', to: '2031' }],
        tokens: 150,
      }),
    });
    renderWithApp(details());
    const sections = screen.getByRole('region', { name: 'Sections' });
    await userEvent.click(within(sections).getAllByRole('button', { name: /This section is wrong/ })[1]!);
    const confirm = screen.getByTestId('paid-action-confirm');
    expect(within(confirm).getByTestId('action-price').textContent).toBe('150 tokens');
    await waitFor(() => expect(within(confirm).getByTestId('action-balance-after').textContent).toBe('850 tokens'));
    await userEvent.click(screen.getByRole('button', { name: 'Confirm and rewrite section' }));
    expect(await screen.findByText('Please say what is wrong with this section')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.type(screen.getByLabelText(/What is wrong in/), 'Our first sales will be in 2031.');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm and rewrite section' }));
    expect((await screen.findByText(/Rewriting/)).textContent).toBe(
      'Rewriting “The Problem” with your note. The launch year changes from 2028 to 2031, so “Next Steps” is rewritten too — charged once.',
    );
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ note: 'Our first sales will be in 2031.' }]);
  });

  it('“Correct what we understood”: the record’s form, the reduced price and the balance after, then the corrected record is sent', async () => {
    const calls = stubApi({ ...routes, 'POST /reports/r1/correct': () => json(200, { ...completed, status: 'processing', run_kind: 'correct' }) });
    renderWithApp(details());
    await userEvent.click(screen.getByRole('button', { name: 'Correct what we understood' }));
    expect(await screen.findByRole('heading', { name: 'Correct what we understood' })).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('correction-price').textContent).toBe('Whole report rewritten · 500 tokens · balance after 500 tokens'));
    const name = screen.getByLabelText('Name');
    await userEvent.clear(name);
    await userEvent.type(name, 'LeafSense Pro');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm and rewrite' }));
    expect(await screen.findByText(/being written again/)).toBeTruthy();
    const sent = calls.find((c) => c.method === 'POST')!.body as { record: { name: string } };
    expect(sent.record.name).toBe('LeafSense Pro');
  });
});

describe('duplicate as new idea', () => {
  it('opens the generate form with the report’s idea and tier', async () => {
    const { default: ReportsPage } = await import('../../pages/ReportsPage.tsx');
    stubApi({
      ...routes,
      'GET /reports': () => json(200, { reports: [completed], page: 1, pages: 1, total: 1 }),
    });
    renderWithApp(<ReportsPage />, { path: '/reports?report=r1' });
    const dialog = await screen.findByRole('dialog', { name: 'Report details' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Duplicate as new idea' }));
    const form = await screen.findByRole('dialog', { name: 'Generate Report' });
    expect((within(form).getByLabelText('Describe your technology idea') as HTMLTextAreaElement).value).toBe(completed.idea);
    expect((within(form).getByRole('radio', { name: /Basic/ }) as HTMLInputElement).checked).toBe(true);
  });
});
