import {
  COMPLEXITIES,
  generateReportForm,
  insufficientTokensDetail,
  MSG,
  REPORT_COSTS,
  REPORT_MESSAGES,
  REPORT_SECTIONS,
  sectionsFor,
  TIER_LABELS,
  type Complexity,
  type GenerateReportForm as FormValues,
  type InventionRecord,
  type Report,
} from '@assay/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/Button.tsx';
import { cn } from '../../../components/ui/cn.ts';
import { ApiError, errorText } from '../../../lib/api.ts';
import { useSession } from '../../../lib/session.ts';
import { useSiteConfig } from '../../../lib/site.ts';
import { balanceQuery } from '../../billing/index.ts';
import { requestReport } from '../api/request-report.ts';
import { understandIdea } from '../api/understand-idea.ts';
import { formatTokens } from '../lib/format.ts';
import { toDraft, type RecordDraft } from '../lib/record-draft.ts';
import { newIdempotencyKey } from '../../../lib/idempotency-key.ts';
import { IdeaField } from './IdeaField.tsx';
import { ReadingPanel, ReadingFailed } from './ReadingPanel.tsx';
import { UnderstoodStep } from './UnderstoodStep.tsx';
import { WriterNote } from './WriterNote.tsx';

/** What the form starts a report with: the idea (trimmed) and a chosen tier. */
export interface GenerateValues {
  idea: string;
  complexity: Complexity;
}

/** What the writer read from an idea, with the member's edits so far (kept while the idea stays the same). */
interface Understood {
  idea: string;
  record: InventionRecord;
  offline: boolean;
  draft: RecordDraft;
}

/** Where the member is: the idea, the record being read, a failed read, or "What we understood". */
type Step =
  | { kind: 'idea' }
  | { kind: 'reading'; values: GenerateValues }
  | { kind: 'failed'; values: GenerateValues; message: string }
  | { kind: 'confirm'; values: GenerateValues };

const TIER_PITCH: Record<Complexity, string> = {
  basic: 'The essentials: problem, technology, benefits, IP snapshot, market signals, competitors, regulation and risks.',
  advanced: 'Business case, TRL, detailed IP, regulatory pathways, commercialisation options, financials and go-to-market.',
  comprehensive: 'Claims analysis, freedom-to-operate, market sizing, business models, 5-year ROI, funding, licensing and roadmap.',
};

const addedCount = (c: Complexity) => REPORT_SECTIONS.filter((s) => s.tier === c).length;

export interface GenerateReportFormProps {
  /** What the form opens with (home: a restored draft, Basic preselected); the dashboard starts empty. */
  initialValues?: Partial<FormValues>;
  /** The member's balance, to mark tiers it cannot cover and to show beside the cost. */
  balance?: number | undefined;
  /** Tokens of packages whose refund is pending: held for the decision, not in `balance` (decision 165). */
  refundPendingTokens?: number | undefined;
  submitLabel?: string;
  /** A line under the form (home: the free-report promise). */
  note?: ReactNode;
  /** A visitor submitted (or the session ended): called instead of sending, with what was typed. */
  onSignInNeeded?: (values: GenerateValues) => void;
  onStarted: (report: Report, values: GenerateValues) => void;
  /**
   * The balance does not cover the chosen tier (checked here, or a 403 from the server). `message`
   * is MSG's text (or the server's detail) for the caller to show where it sends the member.
   */
  onInsufficient: (shortfall: { cost: number; balance: number | undefined; message: string }, values: GenerateValues) => void;
  onCancel?: () => void;
}

/**
 * The one generate form (docs/product.md §2, §5 and §8), on the home page and in the dashboard's dialog:
 * complexity cards, the idea with a live count, the cost. It validates with the shared form schema
 * (so a cleared complexity asks in words) and checks a fresh balance; then the writer reads the idea
 * and the member confirms "What we understood" (issue 24, docs/decisions/153-confirm-step.md) before
 * the report starts with the confirmed record and an Idempotency-Key. Where to go next is the caller's.
 */
export function GenerateReportForm({
  initialValues,
  balance,
  refundPendingTokens,
  submitLabel = 'Generate Report',
  note,
  onSignInNeeded,
  onStarted,
  onInsufficient,
  onCancel,
}: GenerateReportFormProps) {
  const { user, restoring } = useSession();
  const queryClient = useQueryClient();
  const site = useSiteConfig();
  const ideaId = useId();
  // One key per form: a double submit or a retry of the same request makes one report.
  const idempotencyKey = useRef(newIdempotencyKey());
  const [step, setStep] = useState<Step>({ kind: 'idea' });
  const [understood, setUnderstood] = useState<Understood>();
  const [confirming, setConfirming] = useState(false);
  const reading = useRef<AbortController>(undefined);
  const {
    register,
    handleSubmit,
    watch,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<FormValues>({
    resolver: zodResolver(generateReportForm),
    defaultValues: { complexity: '', idea: '', ...initialValues },
  });

  const complexity = watch('complexity');
  const length = watch('idea').trim().length;
  // Who writes is known before the idea is read (the site's configuration), and again from the reading.
  const offline = understood?.offline ?? site.report_writer.offline;

  // Back on the idea (from the record, a failed or a cancelled reading): focus returns to the idea box.
  const cameBack = useRef(false);
  useEffect(() => {
    if (step.kind === 'idea' && cameBack.current) setFocus('idea');
    cameBack.current = step.kind !== 'idea';
  }, [step.kind, setFocus]);
  useEffect(() => () => reading.current?.abort(), []);

  /** The balance does not cover the tier: say so (MSG's text) and let the caller send the member on. */
  const shortOf = async (values: GenerateValues) => {
    const cost = REPORT_COSTS[values.complexity];
    // The client-side check (docs/product.md §5) with a fresh balance; the server still decides (403).
    const fresh = await queryClient.fetchQuery({ ...balanceQuery, staleTime: 0 }).catch(() => undefined);
    if (fresh && fresh.available_tokens < cost) {
      onInsufficient({ cost, balance: fresh.available_tokens, message: insufficientTokensDetail(cost, fresh.available_tokens) }, values);
      return { short: true, fresh } as const;
    }
    return { short: false, fresh } as const;
  };

  /** The idea's errors from the server, shown at the idea (going back to it). */
  const showFieldErrors = (err: ApiError) => {
    if (!err.errors) return false;
    const fields = (['idea', 'complexity'] as const).filter((f) => err.errors![f]);
    if (!fields.length) return false;
    setStep({ kind: 'idea' });
    for (const field of fields) setError(field, { message: err.errors[field]! });
    return true;
  };

  const read = async (values: GenerateValues) => {
    reading.current?.abort();
    const controller = new AbortController();
    reading.current = controller;
    setStep({ kind: 'reading', values });
    try {
      const { record, writer } = await understandIdea(values.idea, controller.signal);
      if (controller.signal.aborted) return;
      setUnderstood({ idea: values.idea, record, offline: writer.offline, draft: toDraft(record) });
      setStep({ kind: 'confirm', values });
    } catch (err) {
      if (controller.signal.aborted) return;
      if (err instanceof ApiError && err.status === 401 && onSignInNeeded) return onSignInNeeded(values);
      if (err instanceof ApiError && err.status < 500 && showFieldErrors(err)) return;
      // A 429 says how long to wait; a server or network failure gets the plain "try again" (not the generic server error).
      const message =
        err instanceof ApiError && err.status === 429
          ? (err.detail ?? MSG.tooManyUnderstandRequests)
          : err instanceof ApiError && err.status < 500
            ? (err.detail ?? MSG.understandFailed)
            : MSG.understandFailed;
      setStep({ kind: 'failed', values, message });
    }
  };

  const onSubmit = handleSubmit(async (form) => {
    const values: GenerateValues = { idea: form.idea.trim(), complexity: form.complexity as Complexity };
    if (onSignInNeeded && !user) return onSignInNeeded(values);
    // Checked before the reading too, so a member never reviews a record they cannot pay for.
    if ((await shortOf(values)).short) return;
    // The same idea again (after Back): its record and the edits made to it are kept.
    if (understood?.idea === values.idea) setStep({ kind: 'confirm', values });
    else void read(values);
  });

  const confirm = async (values: GenerateValues, record: InventionRecord) => {
    setConfirming(true);
    try {
      const { short, fresh } = await shortOf(values);
      if (short) return;
      const cost = REPORT_COSTS[values.complexity];
      try {
        const report = await requestReport({ ...values, record }, idempotencyKey.current);
        idempotencyKey.current = newIdempotencyKey();
        onStarted(report, values);
      } catch (err) {
        if (err instanceof ApiError && err.status === 401 && onSignInNeeded) return onSignInNeeded(values);
        if (err instanceof ApiError && err.status === 403) {
          onInsufficient({ cost, balance: fresh?.available_tokens, message: err.detail ?? MSG.insufficientTokensShort }, values);
          return;
        }
        if (err instanceof ApiError && err.status < 500) showFieldErrors(err);
        toast.error(errorText(err, REPORT_MESSAGES.generateFailed));
      }
    } finally {
      setConfirming(false);
    }
  };

  const back = () => {
    reading.current?.abort();
    setStep({ kind: 'idea' });
  };

  const panel =
    step.kind === 'reading' ? (
      <ReadingPanel offline={offline} onCancel={back} />
    ) : step.kind === 'failed' ? (
      <ReadingFailed message={step.message} onRetry={() => void read(step.values)} onBack={back} />
    ) : (
      step.kind === 'confirm' &&
      understood && (
        <UnderstoodStep
          record={understood.record}
          draft={understood.draft}
          onDraft={(draft) => setUnderstood({ ...understood, draft })}
          offline={understood.offline}
          complexity={step.values.complexity}
          balance={balance}
          confirming={confirming}
          onBack={back}
          onConfirm={(record) => void confirm(step.values, record)}
        />
      )
    );

  return (
    <>
      {panel}
      {/* Hidden, not unmounted, while the idea is read and its record confirmed: Back finds it as typed. */}
      <form
        onSubmit={onSubmit}
        noValidate
        hidden={Boolean(panel)}
        className="@container space-y-5"
        aria-label="Generate a technology assessment report"
      >
        <fieldset aria-describedby={errors.complexity ? `${ideaId}-complexity-error` : undefined}>
          <legend className="text-sm font-semibold text-slate-900">Report complexity</legend>
          <div className="mt-2 grid gap-2 @md:grid-cols-3 @3xl:gap-3">
            {COMPLEXITIES.map((c) => {
              const selected = complexity === c;
              const short = balance !== undefined && balance < REPORT_COSTS[c];
              return (
                <label
                  key={c}
                  className={cn(
                    'relative flex cursor-pointer flex-col rounded-xl border bg-white p-3 text-left transition @3xl:p-4',
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
                    <span className="text-sm font-semibold text-slate-900 @3xl:text-base">{TIER_LABELS[c]}</span>
                    <span
                      className={cn(
                        'flex size-4 shrink-0 items-center justify-center rounded-full border @3xl:size-5',
                        selected ? 'border-brand-700 bg-brand-700 text-white' : 'border-slate-300 bg-white',
                      )}
                      aria-hidden="true"
                    >
                      {selected && (
                        <svg viewBox="0 0 20 20" className="size-3 @3xl:size-3.5" fill="currentColor">
                          <path d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0Z" />
                        </svg>
                      )}
                    </span>
                  </span>
                  <span className="mt-1 flex flex-wrap items-baseline gap-x-2 @md:flex-col @md:gap-0">
                    <span className="text-sm font-medium text-brand-800">{formatTokens(REPORT_COSTS[c])} tokens</span>
                    <span className="text-xs text-slate-600">
                      {sectionsFor(c).length} sections
                      {c !== 'basic' && ` · adds ${addedCount(c)}`}
                    </span>
                  </span>
                  <span className="mt-2 hidden text-xs leading-relaxed text-slate-600 @3xl:block">{TIER_PITCH[c]}</span>
                  {short && <span className="mt-2 text-xs font-medium text-amber-800">More tokens needed</span>}
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
          error={errors.idea?.message}
          placeholder="What problem does it solve, how does it work, and what makes it new? For example: a low-cost sensor patch that detects early crop disease from leaf moisture patterns…"
          offline={offline}
          search={site.prior_art_search}
        />
        <WriterNote offline={offline} />

        <div className="flex flex-col gap-3 border-t border-slate-100 pt-4 @2xl:flex-row @2xl:items-center @2xl:justify-between">
          <p className="text-sm text-slate-600" aria-live="polite" data-testid="generate-cost">
            {complexity ? (
              <>
                Costs <strong className="font-semibold text-slate-900">{formatTokens(REPORT_COSTS[complexity])} tokens</strong>
                {balance !== undefined && <> · you have {formatTokens(balance)}</>}
              </>
            ) : (
              'Choose a complexity to see its cost.'
            )}
            {refundPendingTokens ? (
              <span className="mt-1 block text-xs text-slate-600" data-testid="refund-held-note">
                {formatTokens(refundPendingTokens)} more tokens are held while your refund request is pending and cannot be spent; withdraw
                the request on your Billing page to use them.
              </span>
            ) : null}
          </p>
          <div className="flex flex-col-reverse gap-2 @2xl:flex-row">
            {onCancel && (
              <Button variant="ghost" onClick={onCancel} disabled={isSubmitting}>
                Cancel
              </Button>
            )}
            {/* Where visitors use the form, a member could be taken for one while the session is restored. */}
            <Button type="submit" loading={isSubmitting} disabled={restoring && Boolean(onSignInNeeded)}>
              {submitLabel}
            </Button>
          </div>
        </div>
        {note && <p className="text-center text-xs text-slate-600 @2xl:text-right">{note}</p>}
      </form>
    </>
  );
}
