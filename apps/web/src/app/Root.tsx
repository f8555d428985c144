import { Suspense, useEffect, useState } from 'react';
import { Outlet } from 'react-router';
import { PageSpinner } from '../components/ui/Spinner.tsx';
import { session } from '../lib/session.ts';
import { lazyNamed } from '../lib/lazy-named.ts';

// The toast library loads beside the first screen, not in front of it (lib/toasts.ts).
const Toasts = lazyNamed(() => import('../components/layout/Toasts.tsx'), 'Toasts');

/**
 * Restores the session once, shows a spinner while a screen's code loads, and hosts the
 * toasts (top-right, 4 seconds).
 */
export function Root() {
  useEffect(() => {
    // The auth client (with the endpoint declarations and zod) loads only for a returning member.
    void session.restore(async () => (await import('../features/auth/api/auth-api.ts')).authApi.me());
  }, []);
  return (
    <>
      <Suspense fallback={<PageSpinner />}>
        <Outlet />
      </Suspense>
      <ToastHost />
    </>
  );
}

/**
 * The toasts' host, in the browser only: the server renders a page without it. Its own state, so
 * that showing it re-renders nothing else: an update reaching a server-rendered screen before it
 * has hydrated would make React throw the markup away and draw it again.
 */
function ToastHost() {
  const [started, setStarted] = useState(false);
  useEffect(() => setStarted(true), []);
  return started ? (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  ) : null;
}
