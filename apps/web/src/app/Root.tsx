import { TOAST_DURATION_MS } from '@assay/shared';
import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { Toaster } from 'sonner';
import { authApi } from '../features/auth/api/auth-api.ts';
import { session } from '../lib/session.ts';

/** Restores the session once, and hosts the toasts (top-right, 4 seconds). */
export function Root() {
  useEffect(() => {
    void session.restore(authApi.me);
  }, []);
  return (
    <>
      <Outlet />
      <Toaster position="top-right" duration={TOAST_DURATION_MS} richColors closeButton />
    </>
  );
}
