import { PRODUCT_NAME, REVIEW_STATE_LABELS, TIER_LABELS, type ExpertMe } from '@assay/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/Button.tsx';
import { EmptyState } from '../../../components/ui/EmptyState.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { ApiError, errorText } from '../../../lib/api.ts';
import { useDocumentTitle } from '../../../lib/page-title.ts';
import { expertKeys, fetchAssignments, fetchMe, setPaused, signOut } from '../api/expert.ts';
import { MemberRating, OfferDeadline } from '../components/AssignmentNotes.tsx';
import { ExpertAssignment } from '../components/ExpertAssignment.tsx';
import { ExpertEarnings } from '../components/ExpertEarnings.tsx';
import { ExpertSignIn, ExpertUndertaking } from '../components/ExpertSignIn.tsx';
import { ExpertTwoFactor } from '../components/ExpertTwoFactor.tsx';

/**
 * The expert portal at /expert (issue 28, decision 230): its own full-screen app, like the
 * operator panel. Signed out: sign-in (or, from an invitation link, setting the password); then
 * the confidentiality undertaking once; then the reviews offered to or taken by this expert.
 */
export default function ExpertPage() {
  useDocumentTitle(`Expert portal · ${PRODUCT_NAME}`);
  const [params] = useSearchParams();
  const token = params.get('token');
  const queryClient = useQueryClient();
  const me = useQuery({ queryKey: expertKeys.me, queryFn: ({ signal }) => fetchMe(signal), retry: false, meta: { silent: true } });
  const signedIn = (m: ExpertMe) => {
    queryClient.setQueryData(expertKeys.me, m);
    if (token) window.history.replaceState(null, '', '/expert');
  };
  const signedOut = me.isError && me.error instanceof ApiError && me.error.status === 401;

  let body;
  if (me.isPending)
    body = (
      <div role="status" className="py-16 text-center">
        <Spinner /> <span className="sr-only">Loading</span>
      </div>
    );
  else if (signedOut || (token && !me.data)) body = <ExpertSignIn token={token} onSignedIn={signedIn} />;
  else if (me.isError)
    body = (
      <p role="alert" className="text-sm text-red-700">
        {errorText(me.error)}
      </p>
    );
  // The operators require an authenticator app (decision 235): nothing else opens before it.
  else if (me.data.two_factor_required) body = <ExpertTwoFactor enrol />;
  else if (!me.data.undertaking_accepted) body = <ExpertUndertaking onAccepted={signedIn} />;
  else body = <ExpertHome me={me.data} />;

  return (
    <div className="min-h-screen bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-5xl items-center justify-between px-4 py-3 sm:px-6">
          <p className="font-semibold text-slate-900">{PRODUCT_NAME} · Expert portal</p>
          {me.data && <SignOut />}
        </div>
      </header>
      <main className="mx-auto max-w-5xl px-4 py-6 sm:px-6">
        <div className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">{body}</div>
      </main>
    </div>
  );
}

function SignOut() {
  const queryClient = useQueryClient();
  const out = useMutation({
    mutationFn: signOut,
    onSettled: () => {
      queryClient.removeQueries({ queryKey: expertKeys.all });
      void queryClient.invalidateQueries({ queryKey: expertKeys.me });
    },
  });
  return (
    <Button variant="outline" size="sm" onClick={() => out.mutate()} loading={out.isPending}>
      Sign out
    </Button>
  );
}

function ExpertHome({ me }: { me: ExpertMe }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<string>();
  const list = useQuery({ queryKey: expertKeys.assignments, queryFn: ({ signal }) => fetchAssignments(signal) });
  const pause = useMutation({ mutationFn: () => setPaused(!me.paused), onSuccess: (m) => queryClient.setQueryData(expertKeys.me, m) });
  if (open) return <ExpertAssignment id={open} onBack={() => setOpen(undefined)} />;
  const items = list.data?.assignments ?? [];
  return (
    <div className="space-y-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h1 className="text-xl font-semibold text-slate-900">Your reviews</h1>
          <p className="text-sm text-slate-600">
            {me.name} · RTTP {me.rttp_number}
            {me.paused ? ' · paused: no new reviews are offered to you' : ''}
          </p>
        </div>
        <Button variant="outline" onClick={() => pause.mutate()} loading={pause.isPending}>
          {me.paused ? 'Resume offers' : 'Pause new offers'}
        </Button>
      </div>
      {list.isPending && (
        <div role="status">
          <Spinner /> <span className="sr-only">Loading your reviews</span>
        </div>
      )}
      {list.isError && (
        <p role="alert" className="text-sm text-red-700">
          {errorText(list.error)}
        </p>
      )}
      {list.isSuccess && !items.length && (
        <EmptyState title="No reviews yet" hint="Reviews the operator offers you appear here; you will be e-mailed too." />
      )}
      {items.length > 0 && (
        <ul className="divide-y divide-slate-200" aria-label="Reviews">
          {items.map((a) => (
            <li key={a.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0">
                <p className="truncate font-medium text-slate-900">{a.report_title}</p>
                <p className="text-sm text-slate-600">
                  {TIER_LABELS[a.complexity]} · {REVIEW_STATE_LABELS[a.state]} · due {a.due_at.slice(0, 10)}
                </p>
                {a.state === 'assigned' && a.offer_expires_at && <OfferDeadline at={a.offer_expires_at} />}
                {a.rating && <MemberRating rating={a.rating} />}
                {a.follow_up && (
                  <p
                    className={`text-sm font-medium ${a.follow_up.answers ? 'text-slate-700' : 'text-amber-800'}`}
                    data-testid="follow-up-badge"
                  >
                    {a.follow_up.answers ? 'Follow-up answered' : 'Follow-up asked: answer it'}
                  </p>
                )}
              </div>
              <Button variant="outline" size="sm" onClick={() => setOpen(a.id)} aria-label={`Open the review of ${a.report_title}`}>
                Open
              </Button>
            </li>
          ))}
        </ul>
      )}
      <div className="border-t border-slate-200 pt-5">
        <ExpertEarnings />
      </div>
      <div className="border-t border-slate-200 pt-5">
        <ExpertTwoFactor />
      </div>
    </div>
  );
}
