import { MSG, type SessionResponse } from '@assay/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { session } from '../../lib/session.ts';
import { authApi } from './api/auth-api.ts';

/** Stores a new session and goes on. */
export function useSignedIn() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (s: SessionResponse, to: string, message: string = MSG.welcomeBack) => {
    queryClient.clear();
    session.signIn(s.access_token, s.user);
    toast.success(message);
    navigate(to, { replace: true });
  };
}

export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return async () => {
    if (session.accessToken()) await authApi.logout().catch(() => undefined);
    session.clear();
    queryClient.clear();
    toast.success(MSG.loggedOut);
    navigate('/login', { replace: true });
  };
}
