import { MSG } from '@assay/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminCredentials } from '../lib/credentials.ts';
import { json, mockFetch, renderWithClient } from '../test-support.tsx';
import { ContactTab } from './ContactTab.tsx';
import { spyOnToasts } from '../../../test/toasts.ts';

spyOnToasts();

afterEach(() => {
  adminCredentials.clear();
  vi.unstubAllGlobals();
});

const SUBMISSION = {
  id: 's1',
  reason: 'funding_strategy',
  form: 'rttp',
  name: 'Ravi Kumar',
  phone: '+91 98765 43210',
  email: 'ravi@example.com',
  message: 'We need a funding plan for our spin-out.',
  submitted_at: '2025-07-10T18:00:00Z',
  handled_at: null,
  handled_by: null,
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
    mockFetch(() =>
      json(200, [SUBMISSION, { ...SUBMISSION, id: 's2', form: 'contact', reason: null, name: 'No Reason' }], { 'x-total-count': '2' }),
    );
    renderWithClient(<ContactTab />);
    const [rttp, plain] = await screen.findAllByTestId('contact-submission');
    expect(rttp!.textContent).toContain('RTTP request');
    expect(rttp!.textContent).toContain('Funding Strategy');
    expect(plain!.textContent).not.toContain('RTTP request');
    expect(plain!.textContent).toContain('No reason given');
  });

  it('does not send a search until it has 3 letters or digits in a row, and says so under the box', async () => {
    adminCredentials.save('ops', 'secret-password');
    const fetch = mockFetch(() => json(200, [SUBMISSION], { 'x-total-count': '1' }));
    renderWithClient(<ContactTab />);
    await screen.findByText('Ravi Kumar');
    const box = screen.getByRole('searchbox', { name: 'Search contact submissions' });
    fireEvent.change(box, { target: { value: 'ra' } });
    expect(screen.getByText(MSG.searchTooShort)).toBeTruthy();
    expect(box.getAttribute('aria-describedby')).toBe(screen.getByText(MSG.searchTooShort).id);
    // Past the debounce, still nothing searched.
    await new Promise((r) => setTimeout(r, 500));
    expect(fetch.mock.calls.some(([url]) => String(url).includes('q='))).toBe(false);

    fireEvent.change(box, { target: { value: 'rav' } });
    expect(screen.queryByText(MSG.searchTooShort)).toBeNull();
    await waitFor(() => expect(fetch.mock.calls.some(([url]) => /[?&]q=rav\b/.test(String(url)))).toBe(true));
  });
});

describe('handling and erasing a submission', () => {
  it('marks a submission handled (showing who and when), and erases one after asking', async () => {
    adminCredentials.save('ops', 'secret-password');
    let current: Record<string, unknown> = SUBMISSION;
    let erased = false;
    const fetch = mockFetch((method, path) => {
      if (method === 'POST' && path === '/api/contact/submissions/s1/handled') {
        current = { ...SUBMISSION, handled_at: '2025-07-11T09:00:00Z', handled_by: 'ops' };
        return json(200, current);
      }
      if (method === 'DELETE' && path === '/api/contact/submissions/s1') {
        erased = true;
        return json(200, { message: 'Contact submission erased' });
      }
      return json(200, erased ? [] : [current], { 'x-total-count': erased ? '0' : '1' });
    });
    renderWithClient(<ContactTab />);
    const card = await screen.findByTestId('contact-submission');
    expect(card.textContent).toContain('Open');
    fireEvent.click(screen.getByRole('button', { name: /^Mark handled\s*: message from Ravi Kumar$/ }));
    await waitFor(() => expect(screen.getByTestId('contact-submission').textContent).toMatch(/Handled\s*by ops/));
    const [, init] = fetch.mock.calls.find(([url, i]) => String(url).endsWith('/handled') && i?.method === 'POST')!;
    expect(JSON.parse(String(init!.body))).toEqual({ handled: true });
    expect(screen.getByRole('button', { name: /^Reopen\s*: message from Ravi Kumar$/ })).toBeTruthy();

    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    fireEvent.click(screen.getByRole('button', { name: /^Erase\s*: message from Ravi Kumar$/ }));
    expect(fetch.mock.calls.some(([, i]) => i?.method === 'DELETE')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: /^Erase\s*: message from Ravi Kumar$/ }));
    expect(confirm).toHaveBeenCalledTimes(2);
    await screen.findByText('No contact submissions found');
    confirm.mockRestore();
  });
});
