import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../../lib/session.ts';
import { balanceOf, json, recordOf, renderWithApp, SITE, startedReport, stubApi } from '../../test-support.tsx';
import { ReportDetailsModal } from '../ReportDetailsModal.tsx';

const completed = startedReport({
  status: 'completed',
  version: 1,
  record: recordOf(),
  record_confirmed: true,
  pdf_url: '/api/reports/r1/download',
  progress: { stage: 'done', sections_done: 15, sections_total: 15 },
});
const details = () => (
  <ReportDetailsModal
    report={completed}
    mode={undefined}
    onClose={() => undefined}
    onPreview={() => undefined}
    onDownload={() => undefined}
    downloading={false}
  />
);
const routes = {
  'GET /tokens/balance': () => balanceOf(1000),
  'GET /site-config': () => json(200, SITE),
  'GET /reports/r1/versions': () => json(200, { versions: [] }),
};

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

describe('changing a finished report', () => {
  it('“This section is wrong…”: asks for the note, shows the price and balance after, and says which sections are rewritten', async () => {
    const calls = stubApi({
      ...routes,
      'POST /reports/r1/sections/problem/regenerate': () =>
        json(200, {
          report: { ...completed, status: 'processing', run_kind: 'section' },
          sections: [
            { key: 'problem', title: 'Problem' },
            { key: 'next_steps', title: 'Next Steps' },
          ],
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
    const calls = stubApi({
      ...routes,
      'POST /reports/r1/correct': () => json(200, { ...completed, status: 'processing', run_kind: 'correct' }),
    });
    renderWithApp(details());
    await userEvent.click(screen.getByRole('button', { name: 'Correct what we understood' }));
    expect(await screen.findByRole('heading', { name: 'Correct what we understood' })).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByTestId('correction-price').textContent).toBe('Whole report rewritten · 500 tokens · balance after 500 tokens'),
    );
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

describe('compare versions', () => {
  const v = (n: number, current: boolean) => ({
    n,
    kind: n === 1 ? 'generate' : 'section',
    change: n === 1 ? 'First version' : "Section 'Competitors' rewritten",
    complexity: 'basic',
    title: completed.title,
    tokens: n === 1 ? 0 : 150,
    created_at: '2026-11-01T10:00:00Z',
    current,
    download_url: `/api/reports/r1/versions/${n}/download`,
  });
  it('shows what moved in the record and the changed section word by word, lists the rest, and goes back to the details', async () => {
    const calls = stubApi({
      ...routes,
      'GET /reports/r1/versions': () => json(200, { versions: [v(2, true), v(1, false)] }),
      'GET /reports/r1/versions/1/compare': () =>
        json(200, {
          from: 1,
          to: 2,
          facts: [{ label: 'Name', before: 'LeafSense', after: 'LeafSense Pro' }],
          sections: [
            {
              key: 'competitors',
              title: 'Competitors',
              status: 'changed',
              changes: [
                { kind: 'same', text: 'Who else sells this.\n\nThe closest rival is ' },
                { kind: 'removed', text: 'unknown' },
                { kind: 'added', text: 'the Acme SilverSeal dressing' },
                { kind: 'same', text: '.\n\nPrices vary.\n\nNext steps\n• Call Acme' },
              ],
            },
            { key: 'problem', title: 'The Problem', status: 'unchanged', changes: [] },
          ],
        }),
    });
    renderWithApp(details());
    await userEvent.click(await screen.findByRole('button', { name: 'Compare version 1 with the current version' }));
    expect(await screen.findByRole('heading', { name: 'Version 1 → version 2' })).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Compare versions' })).toBeTruthy();
    expect(screen.getByText('1 section changed, 1 section the same.', { exact: false })).toBeTruthy();
    const facts = screen.getByRole('region', { name: 'What we understood' });
    expect(within(facts).getByText('Name')).toBeTruthy();
    expect(facts.querySelector('del')?.textContent).toBe('Was: LeafSense');
    expect(facts.querySelector('ins')?.textContent).toBe('Now: LeafSense Pro');
    const section = screen.getByRole('region', { name: /Competitors/ });
    expect([...section.querySelectorAll('ins')].map((e) => e.textContent)).toEqual(['[added] the Acme SilverSeal dressing']);
    expect([...section.querySelectorAll('del')].map((e) => e.textContent)).toEqual(['[removed] unknown']);
    // The paragraph with the change in full; the untouched ones around it folded.
    expect([...section.querySelectorAll('p')].map((p) => p.textContent)).toEqual([
      '1 paragraph unchanged',
      'The closest rival is [removed] unknown[added] the Acme SilverSeal dressing.',
      '2 paragraphs unchanged',
    ]);
    expect(screen.getByText('The same in both (1)')).toBeTruthy();
    expect(calls.filter((c) => c.path.includes('/compare'))).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Back to the report' }));
    expect(await screen.findByRole('dialog', { name: 'Report details' })).toBeTruthy();
  });

  it('offers no comparison for the current version', async () => {
    stubApi({ ...routes, 'GET /reports/r1/versions': () => json(200, { versions: [v(1, true)] }) });
    renderWithApp(details());
    await screen.findByRole('button', { name: 'Download version 1' });
    expect(screen.queryByRole('button', { name: /Compare version/ })).toBeNull();
  });
});
