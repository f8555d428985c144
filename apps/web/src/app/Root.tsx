import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { Toasts } from '../components/layout/Toasts.tsx';
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
      <Toasts />
    </>
  );
}
