import { useId } from 'react';
import { cn } from './cn.ts';

const STARS = [1, 2, 3, 4, 5] as const;
export const starsLabel = (n: number) => `${n} ${n === 1 ? 'star' : 'stars'}`;

interface StarInputProps {
  legend: string;
  value: number | undefined;
  onChange: (stars: number) => void;
  error?: string | undefined;
  disabled?: boolean;
}

/**
 * A 1–5 star choice as a native radio group in a fieldset: arrow keys move between stars, a screen
 * reader announces "3 stars, 3 of 5" without custom ARIA, and the radios are the labels' own
 * (visually hidden; the focus ring is drawn on the star). Each star is a 44px target for a finger.
 * Stars are amber-700 when chosen and slate-600 otherwise: both over 4.5:1 on white.
 */
export function StarInput({ legend, value, onChange, error, disabled }: StarInputProps) {
  const id = useId();
  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined} aria-invalid={error ? true : undefined} disabled={disabled}>
      <legend className="text-sm font-medium text-slate-700">{legend}</legend>
      <div className="mt-1 flex items-center gap-1">
        {STARS.map((n) => (
          <label
            key={n}
            className={cn(
              'flex h-11 w-11 cursor-pointer items-center justify-center rounded-lg text-3xl leading-none',
              'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600',
              value !== undefined && n <= value ? 'text-amber-700' : 'text-slate-600',
            )}
          >
            <input type="radio" name={`${id}-stars`} value={n} checked={value === n} onChange={() => onChange(n)} className="sr-only" />
            <span aria-hidden="true">{value !== undefined && n <= value ? '★' : '☆'}</span>
            <span className="sr-only">{starsLabel(n)}</span>
          </label>
        ))}
        {value !== undefined && (
          <span className="ml-2 whitespace-nowrap text-sm text-slate-700" aria-hidden="true">
            {value} of 5
          </span>
        )}
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** A rating shown, not chosen: the stars for the eye, "Rated n of 5 stars" for a screen reader. */
export function Stars({ stars, className }: { stars: number; className?: string }) {
  return (
    <span role="img" aria-label={`Rated ${stars} of 5 stars`} className={cn('whitespace-nowrap text-amber-700', className)}>
      {STARS.map((n) => (n <= stars ? '★' : '☆')).join('')}
    </span>
  );
}
