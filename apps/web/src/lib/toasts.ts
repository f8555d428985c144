/**
 * A toast from code that loads with every page (the shell, the public pages): the toast library
 * is fetched on first use instead of with the page. Its host (components/layout/Toasts.tsx)
 * loads beside the first screen, so it is on screen before any answer a toast reports.
 */
export function showToast(kind: 'success' | 'error', text: string, options?: { id: string }) {
  void import('sonner').then(({ toast }) => (options ? toast[kind](text, options) : toast[kind](text)));
}
