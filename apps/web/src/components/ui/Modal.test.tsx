import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Modal } from './Modal.tsx';

// jsdom has no modal dialogs: open and close them by the attribute, as browsers do.
if (typeof HTMLDialogElement !== 'undefined' && !HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
}

function Harness() {
  const [open, setOpen] = useState(false);
  const [step, setStep] = useState('packages');
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Buy tokens
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title={step === 'packages' ? 'Buy Tokens' : 'Review your purchase'} step={step}>
        {step === 'packages' ? (
          <button type="button" onClick={() => setStep('review')}>
            Choose Starter
          </button>
        ) : (
          <button type="button" onClick={() => setOpen(false)}>
            Pay
          </button>
        )}
      </Modal>
    </>
  );
}

describe('a dialog and focus', () => {
  it('moves focus to the title naming the new step, and gives it back to the opener on closing', () => {
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Buy tokens' });
    opener.focus();
    fireEvent.click(opener);
    const choose = screen.getByRole('button', { name: 'Choose Starter' });
    choose.focus();
    fireEvent.click(choose);
    // The clicked button is gone; focus is on the heading of the step that replaced it.
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Review your purchase' }));
    fireEvent.click(screen.getByRole('button', { name: 'Pay' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('gives focus back when closed with its Close button, too', () => {
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Buy tokens' });
    opener.focus();
    fireEvent.click(opener);
    screen.getByRole('button', { name: 'Close' }).focus();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(document.activeElement).toBe(opener);
  });
});
