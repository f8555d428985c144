import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session.ts';
import { MEMBER, renderAt, stubApi } from '../test-support.tsx';
import { RefundStatus } from './RefundStatus.tsx';
import { spyOnToasts } from '../../../test/toasts.ts';

spyOnToasts();
const saved = vi.hoisted(() => ({ saveBlob: vi.fn(), dispositionFileName: (h: string | null) => /filename="([^"]+)"/.exec(h ?? '')?.[1] }));
vi.mock('../../../lib/download.ts', () => saved);

beforeEach(() => session.signIn('access-token', MEMBER));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  session.clear();
});

describe("a purchase's refund state", () => {
  it('shows nothing without a request, the state in words, and downloads the credit note as its owner', async () => {
    const calls = stubApi({
      'GET /billing/credit-notes/CN%2F2026-27%2F000001': () =>
        new Response('%PDF-1.3', {
          status: 200,
          headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="CN-2026-27-000001.pdf"' },
        }),
    });
    renderAt(
      '/billing',
      <>
        <RefundStatus state={{ refund_status: null, credit_note_number: null }} />
        <RefundStatus state={{ refund_status: 'approved', credit_note_number: 'CN/2026-27/000001' }} />
        <RefundStatus state={{ refund_status: 'refunded', credit_note_number: 'CN/2026-27/000009' }} />
      </>,
    );
    expect(await screen.findByText('Refund approved, in progress')).toBeTruthy();
    // A refunded purchase says so in its own status (one word, not two badges); the credit note stays.
    expect(screen.queryByText('Refunded')).toBeNull();
    expect(screen.getByRole('button', { name: 'Download credit note CN/2026-27/000009' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Download credit note CN/2026-27/000001' }));
    await waitFor(() => expect(saved.saveBlob).toHaveBeenCalled());
    expect(saved.saveBlob.mock.calls[0]![1]).toBe('CN-2026-27-000001.pdf');
    expect(calls[0]!.authorization).toBe('Bearer access-token');
  });
});
