import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminCredentials } from '../lib/credentials.ts';
import { json, mockFetch, renderWithClient } from '../test-support.tsx';
import { ContactTab } from './ContactTab.tsx';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

afterEach(() => {
  adminCredentials.clear();
  vi.unstubAllGlobals();
});

const SUBMISSION = {
  id: 's1', reason: 'funding_strategy', form: 'rttp', name: 'Ravi Kumar', phone: '+91 98765 43210', email: 'ravi@example.com',
  message: 'We need a funding plan for our spin-out.', submitted_at: '2025-07-10T18:00:00Z',
};

describe('the contact submissions tab', () => {
  it('sends the browser’s time zone with a date filter, so days are the operator’s days', async () => {
    adminCredentials.save('ops', 'secret-password');
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const fetch = mockFetch(() => json(200, [SUBMISSION], { 'x-total-count': '1' }));
    renderWithClient(<ContactTab />);
    await screen.findByText('Ravi Kumar');
    expect(String(fetch.mock.calls[0]![0])).not.toContain('tz=');

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2025-07-10' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2025-07-10' } });
    await waitFor(() => {
      const url = new URL(String(fetch.mock.calls.at(-1)![0]), 'http://x');
      expect(url.searchParams.get('from')).toBe('2025-07-10');
      expect(url.searchParams.get('to')).toBe('2025-07-10');
      expect(url.searchParams.get('tz')).toBe(zone);
    });
    expect(screen.getByTestId('date-zone').textContent).toContain(zone);
  });

  it('shows the reason an RTTP request gave, and marks it as from the RTTP form', async () => {
    adminCredentials.save('ops', 'secret-password');
    mockFetch(() => json(200, [SUBMISSION, { ...SUBMISSION, id: 's2', form: 'contact', reason: null, name: 'No Reason' }], { 'x-total-count': '2' }));
    renderWithClient(<ContactTab />);
    const [rttp, plain] = await screen.findAllByTestId('contact-submission');
    expect(rttp!.textContent).toContain('RTTP request');
    expect(rttp!.textContent).toContain('Funding Strategy');
    expect(plain!.textContent).not.toContain('RTTP request');
    expect(plain!.textContent).toContain('No reason given');
  });
});
