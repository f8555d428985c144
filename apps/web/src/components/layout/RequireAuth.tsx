import { useState, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useReturnTo } from '../../lib/return-to.ts';
import { useSession } from '../../lib/session.ts';
import { PageSpinner } from '../ui/Spinner.tsx';

/** Signed-out visitors go to /login, which brings them back here afterwards. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { user, restoring } = useSession();
  const location = useLocation();
  if (restoring) return <PageSpinner />;
  if (!user) return <Navigate to="/login" replace state={{ from: location }} />;
  return <>{children}</>;
}

/**
 * The sign-in and sign-up forms are for visitors: a member who arrives signed in goes on to where
 * they were headed, or the dashboard. Decided once, on arrival: a sign-in made on the page itself
 * leaves through the page's own navigation.
 */
export function GuestOnly() {
  const { user, restoring } = useSession();
  const returnTo = useReturnTo('/reports');
  const [arrivedSignedIn, setArrivedSignedIn] = useState<boolean>();
  if (!restoring && arrivedSignedIn === undefined) setArrivedSignedIn(Boolean(user));
  if (arrivedSignedIn === undefined) return <PageSpinner />;
  if (arrivedSignedIn) return <Navigate to={returnTo} replace />;
  return <Outlet />;
}
