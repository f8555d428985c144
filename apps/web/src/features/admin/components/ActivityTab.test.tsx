import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminCredentials } from '../lib/credentials.ts';
import { json, mockFetch, renderWithClient } from '../test-support.tsx';
import { ActivityTab } from './ActivityTab.tsx';
import { spyOnToasts } from '../../../test/toasts.ts';

spyOnToasts();

afterEach(() => {
  adminCredentials.clear();
  vi.unstubAllGlobals();
});

const entry = (id: number, over: Record<string, unknown> = {}) => ({
  id,
  operator_username: 'ops',
  action: 'operator.sign_in',
  target: 'operator:1',
  details: { ip: '10.0.0.1' },
  at: '2025-07-10T18:00:00Z',
  ...over,
});

describe('the Activity tab', () => {
  it('lists the audit log with labels (not codes), then older entries by cursor', async () => {
    adminCredentials.save('ops', 'secret-password');
    const fetch = mockFetch((_m, path) => {
      const url = new URL(path, 'http://x');
      if (url.searchParams.get('cursor') === 'c2')
        return json(200, { entries: [entry(1, { action: 'users.export', details: { rows: 3 } })] });
      return json(
        200,
        { entries: [entry(3), entry(2, { action: 'contact.erase', operator_username: 'Priya' })] },
        { 'x-next-cursor': 'c2' },
      );
    });
    renderWithClient(<ActivityTab />);
    const list = await screen.findByRole('list', { name: 'Activity' });
    const rows = within(list).getAllByTestId('activity-entry');
    expect(rows[0]!.textContent).toContain('Operator signed in');
    expect(rows[0]!.textContent).toContain('ip:10.0.0.1');
    expect(rows[0]!.textContent).not.toContain('operator.sign_in');
    expect(rows[1]!.textContent).toContain('Contact submission erased by Priya');
    fireEvent.click(screen.getByRole('button', { name: 'Show older activity' }));
    await waitFor(() => expect(within(list).getAllByTestId('activity-entry')).toHaveLength(3));
    expect(within(list).getAllByTestId('activity-entry')[2]!.textContent).toContain('Users exported to Excel');
    expect(screen.queryByRole('button', { name: 'Show older activity' })).toBeNull();
    expect(String(fetch.mock.calls.at(-1)![0])).toContain('cursor=c2');
  });

  it('filters by operator, action and days in the operator’s zone', async () => {
    adminCredentials.save('ops', 'secret-password');
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const fetch = mockFetch(() => json(200, { entries: [] }));
    renderWithClient(<ActivityTab />);
    await screen.findByText('No activity found');
    fireEvent.change(screen.getByLabelText('Operator'), { target: { value: 'priya' } });
    fireEvent.change(screen.getByLabelText('Action'), { target: { value: 'refund.approve' } });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2025-07-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2025-07-10' } });
    await waitFor(() => {
      const url = new URL(String(fetch.mock.calls.at(-1)![0]), 'http://x');
      expect(Object.fromEntries(url.searchParams)).toMatchObject({
        operator: 'priya',
        action: 'refund.approve',
        from: '2025-07-01',
        to: '2025-07-10',
        tz: zone,
      });
    });
    expect(screen.getByText('Try a different operator, action or date range.')).toBeTruthy();
  });
});
