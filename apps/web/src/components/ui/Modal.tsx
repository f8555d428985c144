import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useFocusReturn } from '../../lib/use-focus-return.ts';
import { cn } from './cn.ts';

interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  size?: 'sm' | 'md' | 'lg' | 'xl' | 'full';
  /** Block closing by Escape or backdrop, e.g. while a payment is processing. */
  dismissible?: boolean;
  /**
   * The dialog's current step (e.g. 'packages', 'review'): when it changes while open, focus moves
   * to the title, which names the new step, instead of falling to <body> with the control that
   * was clicked.
   */
  step?: string | undefined;
}

const sizes = { sm: 'max-w-sm', md: 'max-w-lg', lg: 'max-w-2xl', xl: 'max-w-4xl', full: 'max-w-none h-full' };

/**
 * Where an open dialog's toasts show (components/layout/Toasts.tsx): in the dialog's flow under
 * its header, so a toast pushes the content down instead of covering the dialog's buttons. Empty,
 * it takes no room.
 */
export function ToastLane() {
  return <div data-toast-lane="" className="shrink-0 px-4 has-[[data-sonner-toaster]]:pt-3 sm:px-6" />;
}

/**
 * An accessible dialog on the native <dialog> element: focus is trapped by the browser, and given
 * back to what opened the dialog when it closes (useFocusReturn).
 */
export function Modal({ open, onClose, title, children, size = 'md', dismissible = true, step }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const titleId = useId();
  // Before showModal below moves focus into the dialog: what had it is what gets it back.
  useFocusReturn(open);
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    if (open) heading.current?.focus();
  }, [step, open]);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal?.();
    if (!open && dialog.open) dialog.close?.();
  }, [open]);
  if (!open) return null;
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        if (dismissible) onClose();
      }}
      // Escape handled here, before the browser's own close: Chrome does not let a page cancel a
      // second Escape without a click in between, and onClose may ask first (unsaved changes).
      onKeyDown={(e) => {
        if (e.key !== 'Escape' || e.defaultPrevented) return;
        e.preventDefault();
        if (dismissible) onClose();
      }}
      onClick={(e) => {
        if (e.target === ref.current && dismissible) onClose();
      }}
      className={cn('m-auto w-[calc(100%-2rem)] rounded-2xl bg-white p-0 shadow-2xl backdrop:bg-slate-900/50', sizes[size])}
    >
      <div className="flex max-h-[90vh] flex-col">
        <div className="flex items-center justify-between border-b border-slate-200 px-6 py-4">
          <h2 id={titleId} ref={heading} tabIndex={-1} className="text-lg font-semibold text-slate-900 focus:outline-none">
            {title}
          </h2>
          {dismissible && (
            <button
              type="button"
              onClick={onClose}
              className="rounded-lg p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-800"
              aria-label="Close"
            >
              <svg viewBox="0 0 20 20" className="size-5" fill="currentColor" aria-hidden="true">
                <path d="M6.28 5.22a.75.75 0 0 0-1.06 1.06L8.94 10l-3.72 3.72a.75.75 0 1 0 1.06 1.06L10 11.06l3.72 3.72a.75.75 0 1 0 1.06-1.06L11.06 10l3.72-3.72a.75.75 0 0 0-1.06-1.06L10 8.94 6.28 5.22Z" />
              </svg>
            </button>
          )}
        </div>
        <ToastLane />
        <div className="overflow-y-auto px-6 py-5">{children}</div>
      </div>
    </dialog>
  );
}
