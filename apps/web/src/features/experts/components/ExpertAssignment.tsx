import { formatTokens, isSectionKey, REVIEW_RECOMMENDATION_LABELS, REVIEW_STATE_LABELS, sectionByKey, TIER_LABELS } from '@assay/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, buttonClass } from '../../../components/ui/Button.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { errorText } from '../../../lib/api.ts';
import { MemberRating, OfferDeadline, offerLapsed } from './AssignmentNotes.tsx';
import { FollowUpAnswer } from './FollowUpAnswer.tsx';
import { ReviewForm } from './ReviewForm.tsx';
import { acceptAssignment, assignmentPdfUrl, declineAssignment, expertKeys, fetchAssignment } from '../api/expert.ts';

const sectionTitle = (key: string) => (isSectionKey(key) ? sectionByKey(key).title : key);

/**
 * One review offered to or taken by the expert: the member's questions; Accept or Decline while
 * offered; once accepted, the invention record and the PDF (each opening is logged) beside the
 * review form — a verdict per dimension, a recommendation with reasons, answers — which delivers it.
 */
export function ExpertAssignment({ id, onBack }: { id: string; onBack: () => void }) {
  const queryClient = useQueryClient();
  const detail = useQuery({ queryKey: expertKeys.assignment(id), queryFn: ({ signal }) => fetchAssignment(id, signal) });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: expertKeys.all });
  const accept = useMutation({
    mutationFn: () => acceptAssignment(id),
    onSuccess: (d) => {
      queryClient.setQueryData(expertKeys.assignment(id), d);
      refresh();
    },
  });
  const decline = useMutation({
    mutationFn: () => declineAssignment(id),
    onSuccess: () => {
      refresh();
      onBack();
    },
  });

  if (detail.isPending)
    return (
      <div role="status" className="py-8">
        <Spinner /> <span className="sr-only">Loading the review</span>
      </div>
    );
  if (detail.isError)
    return (
      <p role="alert" className="text-sm text-red-700">
        {errorText(detail.error)}
      </p>
    );
  const a = detail.data;
  return (
    <article className="space-y-5" aria-labelledby="assignment-h">
      <div>
        <Button variant="outline" size="sm" onClick={onBack}>
          Back to the list
        </Button>
        <h1 id="assignment-h" className="mt-3 text-lg font-semibold text-slate-900">
          {a.report_title}
        </h1>
        <p className="text-sm text-slate-600">
          {TIER_LABELS[a.complexity]} report · {REVIEW_STATE_LABELS[a.state]} · due {a.due_at.slice(0, 10)}
          {a.fee !== null && ` · your fee ${formatTokens(a.fee)} tokens`}
        </p>
        {a.state === 'assigned' && a.offer_expires_at && <OfferDeadline at={a.offer_expires_at} />}
      </div>
      <section>
        <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-500">What the member asks</h2>
        <p className="mt-1 text-sm text-slate-800">
          {a.sections ? `Sections: ${a.sections.map(sectionTitle).join(', ')}` : 'The whole report'}
        </p>
        <p className="mt-1 whitespace-pre-line text-sm text-slate-800">{a.questions || 'No questions.'}</p>
      </section>
      {/* Decision 234: the follow-up round, first thing to see while it waits for its answers. */}
      {a.follow_up && <FollowUpAnswer key={a.follow_up.asked_at} id={a.id} followUp={a.follow_up} />}
      {a.state === 'assigned' && !offerLapsed(a.offer_expires_at) && (
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button onClick={() => accept.mutate()} loading={accept.isPending}>
            Accept the review
          </Button>
          <Button variant="outline" onClick={() => decline.mutate()} loading={decline.isPending}>
            Decline
          </Button>
          {(accept.isError || decline.isError) && (
            <p role="alert" className="text-sm text-red-700">
              {errorText(accept.error ?? decline.error)}
            </p>
          )}
        </div>
      )}
      {a.record && (
        <section className="grid gap-5 lg:grid-cols-2">
          <div>
            <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-500">The invention record</h2>
            <dl className="mt-2 space-y-2 text-sm">
              {Object.entries(a.record)
                .filter(([, v]) => typeof v === 'string' && v)
                .map(([k, v]) => (
                  <div key={k}>
                    <dt className="font-medium capitalize text-slate-700">{k.replace(/_/g, ' ')}</dt>
                    <dd className="whitespace-pre-line text-slate-800">{String(v)}</dd>
                  </div>
                ))}
            </dl>
            <a className={`${buttonClass('outline', 'sm')} mt-3`} href={assignmentPdfUrl(a.id)} target="_blank" rel="noopener">
              Open the report PDF
            </a>
          </div>
          {a.state === 'accepted' && <ReviewForm id={a.id} complexity={a.complexity} asked={a.sections} />}
        </section>
      )}
      {a.review && (
        <section>
          <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-500">Your delivered review</h2>
          <p className="mt-1 text-sm text-slate-800">Recommendation: {REVIEW_RECOMMENDATION_LABELS[a.review.recommendation]}</p>
          {a.rating ? (
            <div className="mt-2">
              <MemberRating rating={a.rating} />
            </div>
          ) : (
            <p className="mt-2 text-sm text-slate-600">The member has not rated it yet.</p>
          )}
        </section>
      )}
    </article>
  );
}
