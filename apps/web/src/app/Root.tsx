import { lazy, Suspense, useEffect } from 'react';
import { Outlet } from 'react-router';
import { PageSpinner } from '../components/ui/Spinner.tsx';
import { authApi } from '../features/auth/api/auth-api.ts';
import { session } from '../lib/session.ts';

// The toast library loads beside the first screen, not in front of it (lib/toasts.ts).
const Toasts = lazy(async () => ({ default: (await import('../components/layout/Toasts.tsx')).Toasts }));

/**
 * Restores the session once, shows a spinner while a screen's code loads, and hosts the
 * toasts (top-right, 4 seconds).
 */
export function Root() {
  useEffect(() => {
    void session.restore(authApi.me);
  }, []);
  return (
    <>
      <Suspense fallback={<PageSpinner />}>
        <Outlet />
      </Suspense>
      <Suspense fallback={null}>
        <Toasts />
      </Suspense>
    </>
  );
}
