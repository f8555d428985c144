import { TOAST_DURATION_MS } from '@assay/shared';
import { useEffect, useLayoutEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { Toaster } from 'sonner';
import { useTopDialog } from '../../lib/use-top-dialog.ts';

/**
 * The toasts (top-right, 4 seconds). While a dialog is open their box moves inside it, so they
 * show above its backdrop and can be dismissed; the box itself moves, so toasts on screen stay.
 */
export function Toasts() {
  const [box] = useState(() => document.createElement('div'));
  const dialog = useTopDialog();
  useLayoutEffect(() => {
    (dialog ?? document.body).appendChild(box);
  }, [dialog, box]);
  useEffect(() => () => box.remove(), [box]);
  return createPortal(<Toaster position="top-right" duration={TOAST_DURATION_MS} richColors closeButton />, box);
}
