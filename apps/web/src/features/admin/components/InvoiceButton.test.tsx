import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminCredentials } from '../lib/credentials.ts';
import { json, mockFetch, renderWithClient } from '../test-support.tsx';
import { InvoiceButton } from './InvoiceButton.tsx';
import { spyOnToasts } from '../../../test/toasts.ts';

const toast = spyOnToasts();

beforeEach(() => {
  adminCredentials.save('ops', 'secret-password');
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:x');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
});
afterEach(() => {
  adminCredentials.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.clearAllMocks();
});

describe('a transaction’s invoice download', () => {
  it('fetches the invoice with basic authorization and saves it under the server’s name', async () => {
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const fetch = mockFetch(
      () =>
        new Response(new Blob(['%PDF-1.7']), {
          headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="INV-2026-27-000003.pdf"' },
        }),
    );
    renderWithClient(<InvoiceButton invoiceNumber="INV/2026-27/000003" />);
    await userEvent.click(screen.getByRole('button', { name: 'Download invoice INV/2026-27/000003' }));
    await waitFor(() => expect(saved).toEqual(['INV-2026-27-000003.pdf']));
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/billing/invoices/INV%2F2026-27%2F000003');
    expect((init!.headers as Record<string, string>).authorization).toMatch(/^Basic /);
  });

  it('shows a dash when the purchase has no invoice, and the server’s reason when the download fails', async () => {
    const { unmount } = renderWithClient(<InvoiceButton invoiceNumber={null} />);
    expect(screen.getByText('—')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
    unmount();
    mockFetch(() => json(404, { detail: 'Invoice not found' }));
    renderWithClient(<InvoiceButton invoiceNumber="INV/2026-27/000009" />);
    await userEvent.click(screen.getByRole('button', { name: /Download invoice/ }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Invoice not found'));
  });
});
