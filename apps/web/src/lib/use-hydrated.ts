import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False on the server and while the browser hydrates a server-rendered page, true once the app
 * runs (at once on a page the browser draws itself). For what must not be there before the
 * app's code is: a form that would otherwise submit natively when used too early (decision 128).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(never, () => true, () => false);
}
