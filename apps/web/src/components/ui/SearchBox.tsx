import { useId } from 'react';
import { cn } from './cn.ts';

export interface SearchBoxProps {
  value: string;
  onChange: (value: string) => void;
  label: string;
  placeholder: string;
  /** Results for the text are on their way. */
  busy?: boolean;
  /** 'lg' for a page's hero, 'md' in a toolbar. */
  size?: 'md' | 'lg';
  /** Show the label above the box (else it is for screen readers only). */
  showLabel?: boolean;
  /** A note under the box about what was typed (e.g. too short to search), read with the box. */
  hint?: string | undefined;
  className?: string;
}

/** The one search field: a search landmark with a label, a magnifier, and no submit to wait for. */
export function SearchBox({ value, onChange, label, placeholder, busy, size = 'md', showLabel = false, hint, className }: SearchBoxProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const large = size === 'lg';
  return (
    <form role="search" onSubmit={(e) => e.preventDefault()} className={className}>
      <label htmlFor={id} className={showLabel ? 'block text-sm font-medium text-slate-700' : 'sr-only'}>
        {label}
      </label>
      <div className={cn('relative', showLabel && 'mt-1.5')}>
        <span className={cn('pointer-events-none absolute inset-y-0 left-0 flex items-center text-slate-400', large ? 'pl-4' : 'pl-3')}>
          <svg
            viewBox="0 0 20 20"
            className={large ? 'size-5' : 'size-4'}
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
            aria-hidden="true"
          >
            <circle cx="9" cy="9" r="5.5" />
            <path d="m13.5 13.5 3.5 3.5" />
          </svg>
        </span>
        <input
          id={id}
          type="search"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          placeholder={placeholder}
          autoComplete="off"
          enterKeyHint="search"
          maxLength={200}
          aria-busy={busy || undefined}
          aria-describedby={hint ? hintId : undefined}
          className={cn(
            'block w-full border border-slate-300 bg-white text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-600 focus:outline-none',
            large
              ? 'rounded-xl py-3.5 pr-4 pl-12 text-base focus:ring-4 focus:ring-brand-600/15'
              : 'rounded-lg py-2.5 pr-3.5 pl-9 text-sm focus:ring-2 focus:ring-brand-600/20',
          )}
        />
      </div>
      {hint && (
        <p id={hintId} className="mt-1.5 text-sm text-slate-600" aria-live="polite">
          {hint}
        </p>
      )}
    </form>
  );
}
