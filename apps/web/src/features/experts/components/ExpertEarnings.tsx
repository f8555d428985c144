import { formatDay, formatTokens, TIER_LABELS } from '@assay/shared';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { errorText } from '../../../lib/api.ts';
import { earningsKey, fetchOwnEarnings } from '../api/expert.ts';

const tokens = (n: number) => `${formatTokens(n)} tokens`;

/**
 * What the provider owes the expert (decision 234): each delivered review's fee as recorded when it
 * was offered, owed until an operator records the payout; the newest reviews and payouts.
 */
export function ExpertEarnings() {
  const h = useId();
  const q = useQuery({ queryKey: earningsKey, queryFn: ({ signal }) => fetchOwnEarnings(signal) });
  return (
    <section aria-labelledby={h} className="space-y-3" data-testid="expert-earnings">
      <h2 id={h} className="text-lg font-semibold text-slate-900">
        Your earnings
      </h2>
      {q.isPending && (
        <div role="status">
          <Spinner /> <span className="sr-only">Loading your earnings</span>
        </div>
      )}
      {q.isError && (
        <p role="alert" className="text-sm text-red-700">
          {errorText(q.error)}
        </p>
      )}
      {q.isSuccess && (
        <>
          <dl className="grid grid-cols-2 gap-3 text-sm sm:max-w-md">
            <div className="rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200">
              <dt className="text-slate-600">Owed to you</dt>
              <dd className="text-base font-semibold tabular-nums text-slate-900" data-testid="earnings-owed">
                {tokens(q.data.owed_tokens)}
              </dd>
            </div>
            <div className="rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200">
              <dt className="text-slate-600">Paid</dt>
              <dd className="text-base font-semibold tabular-nums text-slate-900" data-testid="earnings-paid">
                {tokens(q.data.paid_tokens)}
              </dd>
            </div>
          </dl>
          {q.data.earnings.length === 0 ? (
            <p className="text-sm text-slate-600">Each review you deliver earns its fee here.</p>
          ) : (
            <ul className="divide-y divide-slate-200 text-sm" aria-label="Earnings by review">
              {q.data.earnings.map((x) => (
                <li key={x.request_id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2">
                  <span className="text-slate-800">
                    {TIER_LABELS[x.complexity]} review delivered {formatDay(x.accrued_at)}
                  </span>
                  <span className="tabular-nums text-slate-900">
                    {tokens(x.tokens)} · {x.paid_at ? `paid ${formatDay(x.paid_at)}` : 'owed'}
                  </span>
                </li>
              ))}
            </ul>
          )}
          {q.data.payouts.length > 0 && (
            <p className="text-sm text-slate-700">
              Last payout: {tokens(q.data.payouts[0]!.tokens)} for {q.data.payouts[0]!.reviews} review
              {q.data.payouts[0]!.reviews === 1 ? '' : 's'} delivered up to {q.data.payouts[0]!.through}, recorded{' '}
              {formatDay(q.data.payouts[0]!.paid_at)}
              {q.data.payouts[0]!.reference ? ` (${q.data.payouts[0]!.reference})` : ''}.
            </p>
          )}
        </>
      )}
    </section>
  );
}
