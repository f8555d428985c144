import { formatDayTime, type ActiveSession } from '@assay/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { Badge } from '../../../components/ui/Badge.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { errorText } from '../../../lib/api.ts';
import { authApi } from '../../auth/index.ts';
import { securityKeys } from '../api/keys.ts';

const DEVICE_ICON: Record<ActiveSession['device'], string> = {
  desktop: 'M3 5a2 2 0 0 1 2-2h10a2 2 0 0 1 2 2v7a2 2 0 0 1-2 2h-4v1.5h2a.75.75 0 0 1 0 1.5H7a.75.75 0 0 1 0-1.5h2V14H5a2 2 0 0 1-2-2V5Z',
  mobile: 'M7 2a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2V4a2 2 0 0 0-2-2H7Zm2 13a1 1 0 1 0 2 0 1 1 0 0 0-2 0Z',
  tablet: 'M5 2a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V4a2 2 0 0 0-2-2H5Zm4 13a1 1 0 1 0 2 0 1 1 0 0 0-2 0Z',
  other: 'M10 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16Zm0 3a1 1 0 1 1 0 2 1 1 0 0 1 0-2Zm-1 4h2v6H9V9Z',
};

/**
 * Where the member is signed in (decision 190): browser and system from the user agent, the
 * address (no place database ships with us), when it was last used; this browser marked. Ending a
 * session stops its tokens at once.
 */
export function ActiveSessions() {
  const queryClient = useQueryClient();
  const sessions = useQuery({ queryKey: securityKeys.sessions, queryFn: authApi.sessions });
  const done = (message: string) => {
    toast.success(message);
    void queryClient.invalidateQueries({ queryKey: securityKeys.sessions });
  };
  const endOne = useMutation({
    mutationFn: authApi.revokeSession,
    onSuccess: (r) => done(r.message),
    onError: (err) => toast.error(errorText(err, 'Could not sign that session out.')),
  });
  const endOthers = useMutation({
    mutationFn: authApi.revokeOtherSessions,
    onSuccess: (r) => done(r.message),
    onError: (err) => toast.error(errorText(err, 'Could not sign the other sessions out.')),
  });
  const list = sessions.data?.sessions;
  const others = list?.filter((s) => !s.current).length ?? 0;

  return (
    <section aria-labelledby="sessions-title" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id="sessions-title" className="text-base font-semibold text-slate-900">
          Where you’re signed in
        </h3>
        {others > 0 && (
          <Button variant="outline" size="sm" loading={endOthers.isPending} onClick={() => endOthers.mutate()}>
            Sign out everywhere else
          </Button>
        )}
      </div>
      {!list ? (
        sessions.isError ? (
          <p className="text-sm text-red-700">{errorText(sessions.error, 'Could not load your sessions.')}</p>
        ) : (
          <Spinner label="Loading sessions" />
        )
      ) : (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200" data-testid="session-list">
          {list.map((s) => (
            <li key={s.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
              <div className="flex min-w-0 items-start gap-3">
                <svg viewBox="0 0 20 20" fill="currentColor" className="mt-0.5 size-5 shrink-0 text-slate-500" aria-hidden="true">
                  <path fillRule="evenodd" d={DEVICE_ICON[s.device]} clipRule="evenodd" />
                </svg>
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900">
                    {s.browser} on {s.os}
                    {s.current && <Badge tone="success">This device</Badge>}
                  </p>
                  <p className="mt-0.5 break-words text-xs text-slate-600">
                    {s.ip ?? 'Unknown address'} · Last active {formatDayTime(s.last_active_at)}
                  </p>
                  <p className="text-xs text-slate-500">Signed in {formatDayTime(s.created_at)}</p>
                </div>
              </div>
              {!s.current && (
                <Button
                  variant="ghost"
                  size="sm"
                  className="self-start sm:self-center"
                  loading={endOne.isPending && endOne.variables === s.id}
                  onClick={() => endOne.mutate(s.id)}
                  aria-label={`Sign out ${s.browser} on ${s.os}, ${s.ip ?? 'unknown address'}`}
                >
                  Sign out
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
