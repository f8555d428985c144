import { MSG } from '@assay/shared';
import { useState, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useReturnTo } from '../../lib/return-to.ts';
import { session, useSession } from '../../lib/session.ts';
import { Button } from '../ui/Button.tsx';
import { PageSpinner } from '../ui/Spinner.tsx';

/**
 * While the session is being restored: a spinner, or when the server could not be asked, a note
 * saying so and that the member is still signed in, with Try again (decision 170). Never the sign-in form.
 */
function Restoring({ unreachable }: { unreachable: boolean }) {
  if (!unreachable) return <PageSpinner />;
  return (
    <main id="main" className="flex min-h-[60vh] flex-col items-center justify-center gap-3 px-4 text-center">
      <h1 className="text-xl font-semibold text-slate-900">{MSG.sessionUnreachableTitle}</h1>
      <p role="status" className="max-w-md text-slate-700">
        {MSG.sessionUnreachable}
      </p>
      <Button variant="outline" className="mt-2" onClick={() => session.retryNow()}>
        Try again
      </Button>
    </main>
  );
}

/** Signed-out visitors go to /login, which brings them back here afterwards. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { user, restoring, unreachable } = useSession();
  const location = useLocation();
  if (restoring) return <Restoring unreachable={unreachable} />;
  if (!user) return <Navigate to="/login" replace state={{ from: location }} />;
  return <>{children}</>;
}

/**
 * The sign-in and sign-up forms are for visitors: a member who arrives signed in goes on to where
 * they were headed, or the dashboard. Decided once, on arrival: a sign-in made on the page itself
 * leaves through the page's own navigation.
 */
export function GuestOnly() {
  const { user, restoring, unreachable } = useSession();
  const returnTo = useReturnTo('/reports');
  const [arrivedSignedIn, setArrivedSignedIn] = useState<boolean>();
  if (!restoring && arrivedSignedIn === undefined) setArrivedSignedIn(Boolean(user));
  if (arrivedSignedIn === undefined) return <Restoring unreachable={unreachable} />;
  if (arrivedSignedIn) return <Navigate to={returnTo} replace />;
  return <Outlet />;
}
