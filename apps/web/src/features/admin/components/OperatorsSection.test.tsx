import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminCredentials } from '../lib/credentials.ts';
import { json, mockFetch, renderWithClient } from '../test-support.tsx';
import { OperatorsSection } from './OperatorsSection.tsx';
import { spyOnToasts } from '../../../test/toasts.ts';

spyOnToasts();

afterEach(() => {
  adminCredentials.clear();
  vi.unstubAllGlobals();
});

const grace = { id: 'o-grace', username: 'grace', display_name: null, created_at: '2026-01-01T00:00:00Z', last_login_at: null };

describe('the operators section (decision 208)', () => {
  it("sets another operator's public name and password, and removes them only after a confirmation", async () => {
    adminCredentials.save('ops', 'secret-password');
    const fetch = mockFetch((method) => {
      if (method === 'PATCH') return json(200, { ...grace, display_name: 'Grace Hopper' });
      if (method === 'DELETE') return json(200, { message: 'Operator grace removed.' });
      return json(200, { operators: [grace] });
    });
    renderWithClient(<OperatorsSection />);
    const list = await screen.findByRole('list', { name: 'Operator accounts' });
    expect(within(list).getByText(/no public name/)).toBeTruthy();
    fireEvent.click(within(list).getByRole('button', { name: 'Manage grace' }));
    fireEvent.change(screen.getByLabelText('Public name of grace'), { target: { value: 'Grace Hopper' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save name' }));
    await waitFor(() => expect(fetch.mock.calls.some(([, i]) => i?.method === 'PATCH')).toBe(true));
    const [url, init] = fetch.mock.calls.find(([, i]) => i?.method === 'PATCH')!;
    expect(String(url)).toBe('/api/admin/operators/o-grace');
    expect(JSON.parse(String(init!.body))).toEqual({ display_name: 'Grace Hopper' });

    fireEvent.change(screen.getByLabelText('New password for grace'), { target: { value: 'a-new-password-123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set password' }));
    await waitFor(() => expect(fetch.mock.calls.filter(([, i]) => i?.method === 'PATCH')).toHaveLength(2));
    expect(JSON.parse(String(fetch.mock.calls.filter(([, i]) => i?.method === 'PATCH')[1]![1]!.body))).toEqual({
      password: 'a-new-password-123',
    });

    fireEvent.click(screen.getByRole('button', { name: 'Remove operator…' }));
    expect(fetch.mock.calls.some(([, i]) => i?.method === 'DELETE')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Keep' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove operator…' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove grace' }));
    await waitFor(() =>
      expect(fetch.mock.calls.some(([u, i]) => i?.method === 'DELETE' && String(u) === '/api/admin/operators/o-grace')).toBe(true),
    );
  });
});
