import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
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
