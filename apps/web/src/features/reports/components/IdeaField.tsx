import { formatCount, LIMITS, MSG } from '@assay/shared';
import { useState, type ClipboardEvent } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { cn } from '../../../components/ui/cn.ts';

interface IdeaFieldProps {
  id: string;
  registration: UseFormRegisterReturn<'idea'>;
  /** Characters typed so far (trimmed). */
  length: number;
  error: string | undefined;
  placeholder: string;
  /** The offline analyst writes: the privacy note speaks of no AI provider, since none is used. */
  offline: boolean;
  /** A prior-art search runs: the note says that only search terms leave, and only then. */
  search: boolean;
}

/**
 * The idea box of the generate form: a live count with the minimum,
 * the error under the field, a note when a paste was cut at the maximum, and the privacy note
 * with the advice not to publish before filing and what the prior-art search sends.
 */
export function IdeaField({ id, registration, length, error, placeholder, offline, search }: IdeaFieldProps) {
  const remaining = Math.max(0, LIMITS.ideaMin - length);
  // The box's maxLength drops whatever a paste brings beyond the maximum: say so.
  const [cut, setCut] = useState(false);
  const onPaste = (e: ClipboardEvent<HTMLTextAreaElement>) => {
    const box = e.currentTarget;
    const kept = box.value.length - (box.selectionEnd - box.selectionStart);
    setCut(kept + e.clipboardData.getData('text').length > LIMITS.ideaMax);
  };
  const describedBy = [`${id}-count`, error ? `${id}-error` : '', cut ? `${id}-cut` : '', `${id}-privacy`].filter(Boolean).join(' ');
  return (
    <>
      <div className="space-y-1.5">
        <label htmlFor={id} className="block text-sm font-semibold text-slate-900">
          Describe your technology idea
        </label>
        <textarea
          id={id}
          rows={6}
          maxLength={LIMITS.ideaMax}
          placeholder={placeholder}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={cn(
            'block min-h-32 w-full rounded-lg border bg-white px-3.5 py-2.5 text-sm text-slate-900 shadow-sm placeholder:text-slate-400',
            'focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/20',
            error ? 'border-red-400' : 'border-slate-300',
          )}
          {...registration}
          onPaste={onPaste}
        />
        <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
          {error ? (
            <p id={`${id}-error`} role="alert" className="text-sm text-red-600">
              {error}
            </p>
          ) : (
            <span />
          )}
          <p
            id={`${id}-count`}
            data-testid="idea-count"
            aria-live="polite"
            className={cn('ml-auto text-xs tabular-nums', remaining ? 'text-slate-500' : 'text-emerald-700')}
          >
            {formatCount(length)} characters · minimum {LIMITS.ideaMin}
            {remaining ? ` (${remaining} more needed)` : ' reached'}
          </p>
        </div>
        {cut && (
          <p id={`${id}-cut`} role="status" className="text-sm text-amber-800">
            {MSG.ideaCut}
          </p>
        )}
      </div>

      <div id={`${id}-privacy`} className="flex gap-3 rounded-xl bg-brand-50 px-4 py-3 text-xs leading-relaxed text-brand-900">
        <svg viewBox="0 0 24 24" className="mt-0.5 size-4 shrink-0" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
          <rect x="5" y="11" width="14" height="10" rx="2" />
          <path d="M8 11V7a4 4 0 0 1 8 0v4" />
        </svg>
        <p>
          <strong className="font-semibold">Your idea stays private.</strong>{' '}
          {offline
            ? 'Only you can see your ideas and reports.'
            : 'Only you can see your ideas and reports, and the AI provider we use is configured not to train on them.'}{' '}
          Do not publish or present your invention before you file a patent application: public disclosure can destroy its novelty.
          {search ? ` ${MSG.ideaSearchNotice}` : ''}
        </p>
      </div>
    </>
  );
}
