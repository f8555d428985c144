import { toast } from 'sonner';

/**
 * Identical error toasts do not pile up (issue 26): a request failing again and again, or a
 * button clicked five times, showed five copies of one message. An error toast without an id
 * of its own is given its text as id, so sonner updates the one on screen instead of stacking
 * another; once dismissed, the same error shows again. Installed once, by the Toasts component.
 */
let installed = false;
export function installToastDedupe() {
  if (installed) return;
  installed = true;
  const showError = toast.error;
  toast.error = ((message, data) =>
    showError(
      message,
      typeof message === 'string' && data?.id === undefined ? { ...data, id: `error:${message}` } : data,
    )) as typeof toast.error;
}
