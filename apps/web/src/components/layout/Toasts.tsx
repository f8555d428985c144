import { TOAST_DURATION_MS } from '@assay/shared';
import { useEffect, useLayoutEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { Toaster } from 'sonner';
import { installToastDedupe } from '../../lib/toast-once.ts';
import { useTopDialog } from '../../lib/use-top-dialog.ts';

installToastDedupe();

/**
 * The toasts (top-right, 4 seconds). While a dialog is open their box moves inside it, so they
 * show above its backdrop and can be dismissed; the box itself moves, so toasts on screen stay.
 * Inside the dialog they go to its toast lane (ui/Modal.tsx), under its header and in the flow:
 * a toast floating over a dialog covered its buttons (its Close button sits exactly where a
 * top-right toast lands), and hovering a toast pauses it, so it never went away.
 */
export function Toasts() {
  const [box] = useState(() => document.createElement('div'));
  const dialog = useTopDialog();
  useLayoutEffect(() => {
    (dialog?.querySelector('[data-toast-lane]') ?? dialog ?? document.body).appendChild(box);
  }, [dialog, box]);
  useEffect(() => () => box.remove(), [box]);
  return createPortal(<Toaster position="top-right" duration={TOAST_DURATION_MS} richColors closeButton />, box);
}
