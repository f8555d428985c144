import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { toast } from 'sonner';
import { describe, expect, it } from 'vitest';
import { Modal } from '../ui/Modal.tsx';
import { Toasts } from './Toasts.tsx';

function Page() {
  const [open, setOpen] = useState(true);
  return (
    <>
      <Modal open={open} onClose={() => setOpen(false)} title="Buy tokens">
        <p>Choose a package</p>
      </Modal>
      <Toasts />
    </>
  );
}

describe('the toasts', () => {
  it('show inside an open dialog (above its backdrop), and stay on screen when it closes', async () => {
    render(<Page />);
    const dialog = await screen.findByRole('dialog');
    act(() => void toast.error('Payment failed'));
    const message = await screen.findByText('Payment failed');
    expect(dialog.contains(message)).toBe(true);

    act(() => screen.getByRole('button', { name: 'Close' }).click());
    await act(() => new Promise((r) => setTimeout(r, 0)));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText('Payment failed').isConnected).toBe(true);
    expect(document.body.contains(screen.getByText('Payment failed'))).toBe(true);
  });

  it('do not pile up: the same error five times shows once, a different one shows beside it', async () => {
    render(<Toasts />);
    act(() => {
      for (let i = 0; i < 5; i++) toast.error('Too many failed sign-in attempts.');
      toast.error('Server error. Please try again later.');
    });
    await screen.findByText('Server error. Please try again later.');
    expect(screen.getAllByText('Too many failed sign-in attempts.')).toHaveLength(1);
  });
});
