import { startTransition, useEffect, useState } from 'react';

/**
 * False on the server, while the browser hydrates a server-rendered page and in the first
 * render of the app, true after it. For what must not be there before the app's code is: a form
 * that would otherwise submit natively when used too early (decision 128). The switch is a
 * transition, so drawing what it brings yields to the browser instead of one long task.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => startTransition(() => setHydrated(true)), []);
  return hydrated;
}
