import {
  formatTokens,
  PRODUCT_NAME,
  REVIEW_DIMENSIONS,
  REVIEW_DIMENSION_LABELS,
  REVIEW_END_REASON_LABELS,
  REVIEW_NEEDS_EXPERT_LABELS,
  REVIEW_RECOMMENDATION_LABELS,
  REVIEW_STATE_LABELS,
  REVIEW_VERDICT_LABELS,
  sectionsFor,
  type ExpertReviewView,
  type Report,
  type ReviewRequestView,
} from '@assay/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { Button } from '../../../../components/ui/Button.tsx';
import { errorText } from '../../../../lib/api.ts';
import { tokenKeys } from '../../../billing/index.ts';
import { reportKeys } from '../../api/keys.ts';
import { cancelReviewRequest, createReviewRequest, fetchReviewQuote, fetchReviewRequests } from '../../api/reviews.ts';
import { formatDateTime } from '../../lib/format.ts';
import { inputClass } from '../EditableList.tsx';
import { PaidActionConfirm } from './PaidActionConfirm.tsx';
import { BuyForReview } from './BuyForReview.tsx';
import { ReviewedPdfDownload, ReviewSectionComments } from './ReviewContent.tsx';
import { ReviewFollowUp } from './ReviewFollowUp.tsx';
import { ReviewRating } from './ReviewRating.tsx';

const requestsKey = (id: string) => [...reportKeys.one(id), 'review-requests'] as const;
const OPEN: ReadonlySet<ReviewRequestView['state']> = new Set(['requested', 'assigned', 'accepted']);

/**
 * Expert review of a completed report (issue 28): a delivered review is shown here, beside the
 * report; an open request says where it stands and who will read the invention; otherwise the
 * member may request one — the whole report or chosen sections, with questions — and sees the
 * price and the balance after before confirming. The tokens are held, not spent, until delivery.
 */
export function ReportExpertReview({ report }: { report: Report }) {
  const id = useId();
  const queryClient = useQueryClient();
  const enabled = report.status === 'completed' && report.version > 0;
  const requests = useQuery({ queryKey: requestsKey(report.id), queryFn: ({ signal }) => fetchReviewRequests(report.id, signal), enabled });
  const [step, setStep] = useState<'closed' | 'form' | 'confirm'>('closed');
  const [whole, setWhole] = useState(true);
  const [chosen, setChosen] = useState<string[]>([]);
  const [questions, setQuestions] = useState('');
  const quote = useQuery({
    queryKey: [...requestsKey(report.id), 'quote'],
    queryFn: ({ signal }) => fetchReviewQuote(report.id, signal),
    enabled: step === 'confirm',
  });
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: requestsKey(report.id) });
    void queryClient.invalidateQueries({ queryKey: tokenKeys.balance });
  };
  const create = useMutation({
    mutationFn: () => createReviewRequest(report.id, { ...(whole ? {} : { sections: chosen }), questions }),
    onSuccess: () => {
      setStep('closed');
      refresh();
    },
  });
  const cancel = useMutation({ mutationFn: cancelReviewRequest, onSuccess: refresh });
  // What a purchase made for the review came to (decision 234), said once the dialog closes.
  const [bought, setBought] = useState<string>();
  const [boughtRefusal, setBoughtRefusal] = useState<string>();

  if (!enabled) return null;
  const list = requests.data?.requests ?? [];
  const open = list.find((r) => OPEN.has(r.state));
  const delivered = list.filter((r) => r.review);
  // The newest request ended without an expert (decision 227): say why, above the way to ask again.
  const unmatched = !open && list[0]?.state === 'unmatched' ? list[0] : undefined;
  const sections = sectionsFor(report.complexity);

  return (
    <section aria-labelledby={`${id}-h`} data-testid="expert-review">
      <h4 id={`${id}-h`} className="text-sm font-semibold uppercase tracking-wide text-slate-500">
        Expert review
      </h4>
      {requests.isPending && <p className="mt-1 text-sm text-slate-600">Loading…</p>}
      {delivered.map(
        (r) =>
          r.review && (
            <DeliveredReview key={r.id} review={r.review}>
              <ReviewSectionComments comments={r.review.comments} complexity={r.complexity} />
              <ReviewedPdfDownload request={r} />
              <ReviewFollowUp request={r} onAsked={refresh} />
              <ReviewRating request={r} onRated={refresh} />
            </DeliveredReview>
          ),
      )}
      {bought && (
        <p role="status" className="mt-2 text-sm text-emerald-800" data-testid="review-bought">
          {bought}
        </p>
      )}
      {open && (
        <div className="mt-2 rounded-xl bg-slate-50 px-4 py-3 text-sm ring-1 ring-slate-200" data-testid="review-request-open">
          <p className="font-medium text-slate-900">{REVIEW_STATE_LABELS[open.state]}</p>
          {open.needs_expert_reason && (
            <p className="mt-1 text-slate-700" data-testid="review-needs-expert">
              {REVIEW_NEEDS_EXPERT_LABELS[open.needs_expert_reason]}.
            </p>
          )}
          <p className="mt-1 text-slate-700">
            {open.expert
              ? `${open.expert.name} (RTTP ${open.expert.rttp_number}) will read your invention.`
              : open.needs_expert_reason
                ? ''
                : 'An operator will choose an expert for your report.'}{' '}
            Expected by {formatDateTime(open.due_at)}. {formatTokens(open.price)} tokens are held until the review is delivered.
          </p>
          {(open.state === 'requested' || open.state === 'assigned') && (
            <Button className="mt-2" variant="outline" loading={cancel.isPending} onClick={() => cancel.mutate(open.id)}>
              Cancel the request
            </Button>
          )}
          {cancel.isError && (
            <p role="alert" className="mt-2 text-red-700">
              {errorText(cancel.error)}
            </p>
          )}
        </div>
      )}
      {unmatched?.end_reason && (
        <p className="mt-2 rounded-xl bg-amber-50 px-4 py-3 text-sm text-slate-800 ring-1 ring-amber-200" data-testid="review-unmatched">
          Your last request ended: {REVIEW_END_REASON_LABELS[unmatched.end_reason].toLowerCase()}. Its {formatTokens(unmatched.price)}{' '}
          tokens are back in your balance.
        </p>
      )}
      {!open && !requests.isPending && step === 'closed' && (
        <>
          <p className="mt-1 text-sm text-slate-600">
            A certified technology-transfer professional reviews this report and answers your questions, here in {PRODUCT_NAME}.
          </p>
          <Button
            className="mt-2"
            variant="outline"
            onClick={() => {
              create.reset();
              setStep('form');
            }}
          >
            Request an expert review
          </Button>
        </>
      )}
      {!open && step === 'form' && (
        <form
          className="mt-2 space-y-3"
          onSubmit={(e) => {
            e.preventDefault();
            if (whole || chosen.length) setStep('confirm');
          }}
          noValidate
        >
          <fieldset>
            <legend className="text-sm font-medium text-slate-700">What to review</legend>
            <label className="mt-1 flex items-center gap-2 text-sm">
              <input type="radio" name={`${id}-scope`} checked={whole} onChange={() => setWhole(true)} /> The whole report
            </label>
            <label className="mt-1 flex items-center gap-2 text-sm">
              <input type="radio" name={`${id}-scope`} checked={!whole} onChange={() => setWhole(false)} /> Chosen sections
            </label>
            {!whole && (
              <div className="mt-2 grid gap-1 sm:grid-cols-2">
                {sections.map((s) => (
                  <label key={s.key} className="flex items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      checked={chosen.includes(s.key)}
                      onChange={(e) => setChosen((c) => (e.target.checked ? [...c, s.key] : c.filter((k) => k !== s.key)))}
                    />
                    {s.title}
                  </label>
                ))}
              </div>
            )}
            {!whole && !chosen.length && <p className="mt-1 text-sm text-slate-600">Choose at least one section.</p>}
          </fieldset>
          <div>
            <label htmlFor={`${id}-q`} className="block text-sm font-medium text-slate-700">
              Your questions for the expert (optional)
            </label>
            <textarea
              id={`${id}-q`}
              rows={3}
              maxLength={4000}
              value={questions}
              onChange={(e) => setQuestions(e.target.value)}
              className={inputClass()}
            />
          </div>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Button type="submit" disabled={!whole && !chosen.length}>
              Continue
            </Button>
            <Button variant="outline" onClick={() => setStep('closed')}>
              Back
            </Button>
          </div>
        </form>
      )}
      {!open && step === 'confirm' && (
        <div className="mt-2">
          <PaidActionConfirm
            title="Request an expert review"
            price={quote.data?.price ?? 0}
            balance={quote.data?.balance}
            confirmLabel="Confirm and hold the tokens"
            pending={create.isPending || quote.isPending}
            error={create.isError ? errorText(create.error) : quote.isError ? errorText(quote.error) : undefined}
            onConfirm={() => create.mutate()}
            onBack={() => {
              setBoughtRefusal(undefined);
              setStep('form');
            }}
          >
            {whole ? 'The whole report' : `${chosen.length} section${chosen.length === 1 ? '' : 's'}`}, reviewed within about{' '}
            {quote.data?.turnaround_days ?? 7} days. The tokens are held, not spent: you get them back if no expert takes it on or you
            cancel before one accepts. You will see the expert’s name and certification here before they read your invention.
          </PaidActionConfirm>
          {quote.data && quote.data.balance < quote.data.price && (
            <BuyForReview
              review={{ report_id: report.id, ...(whole ? {} : { sections: chosen }), questions }}
              missing={quote.data.price - quote.data.balance}
              onBought={(outcome) => {
                refresh();
                void queryClient.invalidateQueries({ queryKey: [...requestsKey(report.id), 'quote'] });
                if (outcome?.id) {
                  setStep('closed');
                  setBought('Tokens added and your expert review requested. The tokens are held until the review is delivered.');
                } else if (outcome?.refusal) {
                  setBoughtRefusal(`The tokens are in your balance, but the review could not be requested: ${outcome.refusal}`);
                }
              }}
            />
          )}
          {boughtRefusal && (
            <p role="alert" className="mt-2 text-sm text-red-700" data-testid="review-bought-refusal">
              {boughtRefusal}
            </p>
          )}
        </div>
      )}
    </section>
  );
}

function DeliveredReview({ review, children }: { review: ExpertReviewView; children?: ReactNode }) {
  return (
    <article className="mt-2 rounded-xl bg-emerald-50 px-4 py-3 text-sm ring-1 ring-emerald-200" data-testid="delivered-review">
      <p className="font-semibold text-slate-900">Recommendation: {REVIEW_RECOMMENDATION_LABELS[review.recommendation]}</p>
      <p className="text-slate-700">
        By {review.expert_name}, RTTP {review.expert_rttp_number} · {formatDateTime(review.delivered_at)}
      </p>
      <dl className="mt-2 grid gap-x-4 gap-y-1 sm:grid-cols-[max-content_1fr]">
        {REVIEW_DIMENSIONS.map((d) => (
          <div key={d} className="contents">
            <dt className="font-medium text-slate-700">{REVIEW_DIMENSION_LABELS[d]}</dt>
            <dd className="text-slate-800">
              {REVIEW_VERDICT_LABELS[review.verdicts[d].verdict]}
              {review.verdicts[d].note ? ` — ${review.verdicts[d].note}` : ''}
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 whitespace-pre-line text-slate-800">
        <span className="font-medium">Reasons: </span>
        {review.reasons}
      </p>
      {review.answers && (
        <p className="mt-2 whitespace-pre-line text-slate-800">
          <span className="font-medium">Answers: </span>
          {review.answers}
        </p>
      )}
      {children}
    </article>
  );
}
