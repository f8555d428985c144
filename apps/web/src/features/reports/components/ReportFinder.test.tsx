import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ReportsPage from '../pages/ReportsPage.tsx';
import { balanceOf, json, renderWithApp, stubApi } from '../test-support.tsx';

beforeEach(() => vi.stubGlobal('scrollTo', () => undefined));
afterEach(() => vi.unstubAllGlobals());

describe('searching all reports', () => {
  it('asks the server with the text, tier, dates and order on submit, and refuses a text too short to look up', async () => {
    const calls = stubApi({
      'GET /tokens/balance': () => balanceOf(0),
      'GET /reports': () => json(200, { reports: [], page: 1, pages: 1, total: 0 }),
    });
    renderWithApp(<ReportsPage />);
    const lists = () =>
      calls.filter((c) => c.method === 'GET' && c.path.startsWith('/reports?')).map((c) => new URL(c.path, 'http://x').searchParams);
    await waitFor(() => expect(lists()).toHaveLength(1));

    await userEvent.type(screen.getByLabelText('Search all reports'), 'ab');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Type at least 3 letters or digits in a row to search.');
    expect(lists()).toHaveLength(1);

    await userEvent.type(screen.getByLabelText('Search all reports'), 'sorb filter');
    await userEvent.selectOptions(screen.getByLabelText('Tier'), 'advanced');
    await userEvent.type(screen.getByLabelText('From'), '2026-01-01');
    await userEvent.type(screen.getByLabelText('To'), '2026-03-31');
    await userEvent.selectOptions(screen.getByLabelText('Order'), 'title');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(lists()).toHaveLength(2));
    const sent = lists()[1]!;
    expect([sent.get('q'), sent.get('complexity'), sent.get('from'), sent.get('to'), sent.get('sort'), sent.get('page')]).toEqual([
      'absorb filter',
      'advanced',
      '2026-01-01',
      '2026-03-31',
      'title',
      '1',
    ]);
    expect(sent.get('tz')).toBeTruthy();
    expect(await screen.findByText('No report matches your search')).toBeTruthy();
    await userEvent.click(screen.getAllByRole('button', { name: 'Clear search' })[0]!);
    expect(await screen.findByText('No reports yet')).toBeTruthy();
    expect((screen.getByLabelText('Search all reports') as HTMLInputElement).value).toBe('');
  });
});
