import {
  COMPLEXITIES,
  generateReportForm,
  insufficientTokensDetail,
  MSG,
  REPORT_COSTS,
  REPORT_MESSAGES,
  REPORT_SECTIONS,
  sectionsFor,
  type Complexity,
  type GenerateReportForm as FormValues,
  type Report,
} from '@assay/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/Button.tsx';
import { cn } from '../../../components/ui/cn.ts';
import { ApiError, errorText } from '../../../lib/api.ts';
import { balanceQuery } from '../../billing/api/balance.ts';
import { generateReport } from '../api/generate-report.ts';
import { COMPLEXITY_LABELS, formatTokens } from '../lib/format.ts';
import { newIdempotencyKey } from '../lib/idempotency-key.ts';
import { IdeaField } from './IdeaField.tsx';

const TIER_PITCH: Record<Complexity, string> = {
  basic: 'The essentials: problem, technology, benefits, IP snapshot, market signals, competitors, regulation and risks.',
  advanced: 'Business case, TRL, detailed IP, regulatory pathways, commercialisation options, financials and go-to-market.',
  comprehensive: 'Claims analysis, freedom-to-operate, market sizing, business models, 5-year ROI, funding, licensing and roadmap.',
};

const addedCount = (c: Complexity) => REPORT_SECTIONS.filter((s) => s.tier === c).length;

export interface GenerateReportFormProps {
  /** The balance shown on the dashboard, used to mark tiers it cannot cover. */
  balance: number | undefined;
  onStarted: (report: Report) => void;
  /** The balance does not cover the chosen tier (checked here, or a 403 from the server). */
  onInsufficient: (cost: number, balance: number | undefined) => void;
  onCancel?: () => void;
}

/** The dashboard's generate form (SPEC sections 2, 5 and 8): complexity cards, the idea, a live count. */
export function GenerateReportForm({ balance, onStarted, onInsufficient, onCancel }: GenerateReportFormProps) {
  const queryClient = useQueryClient();
  const ideaId = useId();
  // One key per form: a double submit or a retry of the same request makes one report.
  const idempotencyKey = useRef(newIdempotencyKey());
  const {
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormValues>({ resolver: zodResolver(generateReportForm), defaultValues: { complexity: '', idea: '' } });

  const complexity = watch('complexity');
  const length = watch('idea').trim().length;

  const onSubmit = handleSubmit(async (values) => {
    const tier = values.complexity as Complexity;
    const cost = REPORT_COSTS[tier];
    // The client-side check (SPEC section 5) with a fresh balance; the server still decides (403).
    const fresh = await queryClient.fetchQuery({ ...balanceQuery, staleTime: 0 }).catch(() => undefined);
    if (fresh && fresh.available_tokens < cost) {
      toast.error(insufficientTokensDetail(cost, fresh.available_tokens));
      onInsufficient(cost, fresh.available_tokens);
      return;
    }
    try {
      const report = await generateReport({ idea: values.idea.trim(), complexity: tier }, idempotencyKey.current);
      idempotencyKey.current = newIdempotencyKey();
      onStarted(report);
    } catch (err) {
      if (err instanceof ApiError && err.status === 403) {
        toast.error(err.detail ?? MSG.insufficientTokensShort);
        onInsufficient(cost, fresh?.available_tokens);
        return;
      }
      if (err instanceof ApiError && err.errors) {
        for (const field of ['idea', 'complexity'] as const) {
          const message = err.errors[field];
          if (message) setError(field, { message });
        }
      }
      toast.error(errorText(err, REPORT_MESSAGES.generateFailed));
    }
  });

  const ideaError = errors.idea?.message;

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5" aria-label="Generate report">
      <fieldset aria-describedby={errors.complexity ? `${ideaId}-complexity-error` : undefined}>
        <legend className="text-sm font-medium text-slate-700">Report complexity</legend>
        <div className="mt-2 grid gap-3 sm:grid-cols-3">
          {COMPLEXITIES.map((c) => {
            const selected = complexity === c;
            const short = balance !== undefined && balance < REPORT_COSTS[c];
            return (
              <label
                key={c}
                className={cn(
                  'relative flex cursor-pointer flex-col rounded-xl border bg-white px-4 py-3 text-left transition sm:p-4',
                  'has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600',
                  selected
                    ? 'border-brand-600 bg-brand-50/40 ring-2 ring-brand-600/30'
                    : errors.complexity
                      ? 'border-red-300 hover:border-red-400'
                      : 'border-slate-300 hover:border-brand-300',
                )}
              >
                <input type="radio" value={c} className="sr-only" {...register('complexity')} />
                <span className="flex items-center justify-between gap-2">
                  <span className="font-semibold text-slate-900">{COMPLEXITY_LABELS[c]}</span>
                  <span
                    className={cn(
                      'flex size-5 items-center justify-center rounded-full border',
                      selected ? 'border-brand-700 bg-brand-700 text-white' : 'border-slate-300 bg-white',
                    )}
                    aria-hidden="true"
                  >
                    {selected && (
                      <svg viewBox="0 0 20 20" className="size-3.5" fill="currentColor">
                        <path d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0Z" />
                      </svg>
                    )}
                  </span>
                </span>
                <span className="mt-1 flex flex-wrap items-baseline gap-x-2 sm:flex-col sm:gap-0">
                  <span className="text-sm font-medium text-brand-800">{formatTokens(REPORT_COSTS[c])} tokens</span>
                  <span className="text-xs text-slate-500">
                    {sectionsFor(c).length} sections
                    {c !== 'basic' && ` · adds ${addedCount(c)}`}
                  </span>
                </span>
                <span className="mt-2 hidden text-xs leading-relaxed text-slate-600 sm:block">{TIER_PITCH[c]}</span>
                {short && <span className="mt-2 text-xs font-medium text-amber-700">More tokens needed</span>}
              </label>
            );
          })}
        </div>
        {errors.complexity && (
          <p id={`${ideaId}-complexity-error`} role="alert" className="mt-1.5 text-sm text-red-600">
            {errors.complexity.message}
          </p>
        )}
      </fieldset>

      <IdeaField
        id={ideaId}
        registration={register('idea')}
        length={length}
        error={ideaError}
        placeholder="What problem does it solve, how does it work, and what makes it new?"
      />

      <div className="flex flex-col gap-3 border-t border-slate-100 pt-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-600" aria-live="polite">
          {complexity ? (
            <>
              Costs <strong className="font-semibold text-slate-900">{formatTokens(REPORT_COSTS[complexity as Complexity])} tokens</strong>
              {balance !== undefined && <> · you have {formatTokens(balance)}</>}
            </>
          ) : (
            'Choose a complexity to see its cost.'
          )}
        </p>
        <div className="flex flex-col-reverse gap-2 sm:flex-row">
          {onCancel && (
            <Button variant="ghost" onClick={onCancel} disabled={isSubmitting}>
              Cancel
            </Button>
          )}
          <Button type="submit" loading={isSubmitting}>
            Generate Report
          </Button>
        </div>
      </div>
    </form>
  );
}
