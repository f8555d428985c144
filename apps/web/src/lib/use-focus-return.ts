import { useEffect } from 'react';

/**
 * While `open`, remembers what had focus when it opened (the button that opened a dialog) and
 * gives focus back to it when it closes. A native <dialog> restores focus only when close() is
 * called; a dialog React removes from the page (they all are, on closing) left focus on <body>,
 * so a keyboard or screen-reader user was thrown back to the top of the page.
 */
export function useFocusReturn(open: boolean): void {
  useEffect(() => {
    if (!open) return;
    const opener =
      document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
    return () => {
      // Runs after the dialog has left the page. Only when focus has nowhere better to be: the
      // opener still on the page, and focus lost (not moved on purpose by whoever closed it).
      const lost = !document.activeElement || document.activeElement === document.body;
      if (opener?.isConnected && lost) opener.focus({ preventScroll: true });
    };
  }, [open]);
}
