import {
  COMPLEXITIES,
  generateReportRequest,
  insufficientTokensDetail,
  LIMITS,
  MSG,
  REPORT_COSTS,
  REPORT_MESSAGES,
  sectionsFor,
  type Complexity,
} from '@assay/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { z } from 'zod';
import { Button } from '../../../components/ui/Button.tsx';
import { cn } from '../../../components/ui/cn.ts';
import { ApiError, errorText } from '../../../lib/api.ts';
import { useSession } from '../../../lib/session.ts';
import { contentApi } from '../api/content-api.ts';
import { TIER_LABELS } from '../data/tiers.ts';
import { useFreeReportOffer } from '../hooks.ts';
import { IdeaField } from '../../reports/components/IdeaField.tsx';

/** The home page's generate form uses the server's own rules (SPEC sections 2, 5 and 8). */
const generateForm = generateReportRequest;
export type GenerateValues = z.output<typeof generateForm>;

/**
 * A signed-out visitor's draft, kept for this browser tab only while they sign in,
 * so the idea is back in the box when they return (docs/decisions/043-home-generate-flow.md).
 */
export const DRAFT_KEY = 'assay.home.draft';

function readDraft(): GenerateValues {
  const fallback: GenerateValues = { complexity: 'basic', idea: '' };
  try {
    const raw = sessionStorage.getItem(DRAFT_KEY);
    if (!raw) return fallback;
    const draft = JSON.parse(raw) as Partial<GenerateValues>;
    return {
      complexity: COMPLEXITIES.includes(draft.complexity as Complexity) ? (draft.complexity as Complexity) : 'basic',
      idea: typeof draft.idea === 'string' ? draft.idea.slice(0, LIMITS.ideaMax) : '',
    };
  } catch {
    return fallback;
  }
}

function saveDraft(values: GenerateValues) {
  try {
    sessionStorage.setItem(DRAFT_KEY, JSON.stringify(values));
  } catch {
    /* storage full or blocked: the visitor retypes, nothing breaks */
  }
}

function clearDraft() {
  try {
    sessionStorage.removeItem(DRAFT_KEY);
  } catch {
    /* ignore */
  }
}

const fmt = (n: number) => n.toLocaleString('en-US');

export function GenerateReportForm() {
  const { user, restoring } = useSession();
  const navigate = useNavigate();
  const ideaId = useId();
  const [initial] = useState(readDraft);
  const {
    register,
    handleSubmit,
    watch,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(generateForm), defaultValues: initial });

  const complexity = watch('complexity');
  const length = watch('idea').trim().length;
  const freeOffer = useFreeReportOffer();

  const promptSignIn = () => {
    saveDraft(getValues());
    toast(REPORT_MESSAGES.signInHome);
    navigate('/login', { state: { from: { pathname: '/' } } });
  };

  const onSubmit = handleSubmit(async (values) => {
    if (!user) return promptSignIn();
    const cost = REPORT_COSTS[values.complexity];
    try {
      // The balance check on the client saves a round trip; the server still decides (403).
      const balance = await contentApi.balance().catch(() => undefined);
      if (balance && balance.available_tokens < cost) {
        toast.error(insufficientTokensDetail(cost, balance.available_tokens));
        saveDraft(values);
        navigate('/login-pricing');
        return;
      }
      await contentApi.generateReport(values);
      clearDraft();
      navigate('/reports');
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) return promptSignIn();
      if (err instanceof ApiError && err.status === 403) {
        toast.error(err.detail ?? MSG.insufficientTokensShort);
        saveDraft(values);
        navigate('/login-pricing');
        return;
      }
      toast.error(errorText(err, REPORT_MESSAGES.generateFailed));
    }
  });

  const ideaError = errors.idea?.message;

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5" aria-label="Generate a technology assessment report">
      <fieldset>
        <legend className="text-sm font-semibold text-slate-900">Report complexity</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-3">
          {COMPLEXITIES.map((c) => (
            <label
              key={c}
              className={cn(
                'relative flex cursor-pointer flex-col rounded-xl border bg-white px-3.5 py-3 text-left transition',
                'has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600',
                complexity === c ? 'border-brand-600 ring-2 ring-brand-600/30' : 'border-slate-300 hover:border-brand-300',
              )}
            >
              <input type="radio" value={c} className="sr-only" {...register('complexity')} />
              <span className="flex items-center justify-between gap-2">
                <span className="text-sm font-semibold text-slate-900">{TIER_LABELS[c]}</span>
                {complexity === c && (
                  <svg viewBox="0 0 20 20" className="size-4 text-brand-700" fill="currentColor" aria-hidden="true">
                    <path d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0Z" />
                  </svg>
                )}
              </span>
              <span className="mt-0.5 text-xs text-slate-600">
                {fmt(REPORT_COSTS[c])} tokens · {sectionsFor(c).length} sections
              </span>
            </label>
          ))}
        </div>
        {errors.complexity && (
          <p role="alert" className="mt-1.5 text-sm text-red-600">
            {errors.complexity.message}
          </p>
        )}
      </fieldset>

      <IdeaField
        id={ideaId}
        registration={register('idea')}
        length={length}
        error={ideaError}
        placeholder="What problem does it solve, how does it work, and what makes it new? For example: a low-cost sensor patch that detects early crop disease from leaf moisture patterns…"
      />

      <Button type="submit" size="lg" className="w-full" loading={isSubmitting} disabled={restoring}>
        {freeOffer ? 'Generate Free Assessment Report' : 'Generate Assessment Report'}
      </Button>
      <p className="text-center text-xs text-slate-500">
        {freeOffer && (user ? `Your first ${TIER_LABELS.basic} report is free. ` : `Free ${TIER_LABELS.basic} report when you sign up — no credit card required. `)}
        {TIER_LABELS[complexity]} costs {fmt(REPORT_COSTS[complexity])} tokens.
      </p>
    </form>
  );
}
