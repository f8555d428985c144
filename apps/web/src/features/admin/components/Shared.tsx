import { operatorTimeZone } from '../api/contact.ts';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { cn } from '../../../components/ui/cn.ts';
import { Button } from '../../../components/ui/Button.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { formatCount } from '../lib/format.ts';

/** Previous / Next over the server's pages, with "Showing a–b of n". */
export function Pager({
  page,
  pageSize,
  total,
  onPage,
  busy,
  noun,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  busy?: boolean;
  noun: string;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (total === 0) return null;
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <nav aria-label={`${noun} pages`} className="flex flex-wrap items-center justify-between gap-3 pt-4">
      <p className="text-sm text-slate-600" aria-live="polite">
        Showing <span className="font-medium text-slate-900">{formatCount(first)}</span>–
        <span className="font-medium text-slate-900">{formatCount(last)}</span> of{' '}
        <span className="font-medium text-slate-900">{formatCount(total)}</span> {noun}
        {busy && <Spinner className="ml-2 size-4 text-slate-400" />}
      </p>
      {pages > 1 && (
        <div className="flex items-center gap-2">
          <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
            Previous
          </Button>
          <span className="text-sm text-slate-600 tabular-nums">
            Page {page} of {pages}
          </span>
          <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
            Next
          </Button>
        </div>
      )}
    </nav>
  );
}

/** A failed list load: logged already, shown quietly with a retry. */
export function LoadError({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white px-6 py-10 text-center">
      <p className="text-sm text-slate-600">Couldn’t load {what}.</p>
      <Button variant="outline" size="sm" className="mt-3" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

export function SectionHeader({ title, description, actions }: { title: string; description?: ReactNode; actions?: ReactNode }) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      <div>
        <h2 className="text-xl font-semibold text-slate-900">{title}</h2>
        {description && <p className="mt-1 text-sm text-slate-600">{description}</p>}
      </div>
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </div>
  );
}

export function ListSpinner() {
  return (
    <div className="flex justify-center py-16">
      <Spinner className="size-7 text-brand-700" label="Loading" />
    </div>
  );
}

export function DownloadIcon() {
  return (
    <svg viewBox="0 0 20 20" fill="currentColor" className="size-4" aria-hidden="true">
      <path d="M10.75 2.75a.75.75 0 0 0-1.5 0v8.614L6.295 8.235a.75.75 0 1 0-1.09 1.03l4.25 4.5a.75.75 0 0 0 1.09 0l4.25-4.5a.75.75 0 0 0-1.09-1.03l-2.955 3.129V2.75Z" />
      <path d="M3.5 12.75a.75.75 0 0 0-1.5 0v2.5A2.75 2.75 0 0 0 4.75 18h10.5A2.75 2.75 0 0 0 18 15.25v-2.5a.75.75 0 0 0-1.5 0v2.5c0 .69-.56 1.25-1.25 1.25H4.75c-.69 0-1.25-.56-1.25-1.25v-2.5Z" />
    </svg>
  );
}

/** A day for a date filter (Contact Submissions, Token Purchases): the browser's date picker, labelled. */
export function DateInput({
  label,
  value,
  onChange,
  min,
  max,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  min?: string | undefined;
  max?: string | undefined;
}) {
  return (
    <label className="flex flex-col gap-1 text-xs font-medium text-slate-600">
      {label}
      <input
        type="date"
        value={value}
        min={min}
        max={max}
        onChange={(e) => onChange(e.target.value)}
        className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/20"
      />
    </label>
  );
}

/** A From–To day filter: two date inputs, each bounding the other. */
export function DateRangeInputs({
  from,
  to,
  onFrom,
  onTo,
}: {
  from: string;
  to: string;
  onFrom: (v: string) => void;
  onTo: (v: string) => void;
}) {
  return (
    <>
      <DateInput label="From" value={from} max={to || undefined} onChange={onFrom} />
      <DateInput label="To" value={to} min={from || undefined} onChange={onTo} />
    </>
  );
}

/** A reversed range, which no list can answer. */
export const rangeReversed = (from: string, to: string) => Boolean(from && to && from > to);

/** Under a day filter: which days "From" and "To" cover (the operator's zone), and a reversed range. */
export function DateRangeNotes({ from, to }: { from: string; to: string }) {
  const zone = operatorTimeZone();
  return (
    <>
      {(from || to) && zone && (
        <p className="text-xs text-slate-600" data-testid="date-zone">
          Days run midnight to midnight in your time zone ({zone}).
        </p>
      )}
      {rangeReversed(from, to) && (
        <p className="text-sm text-red-700" role="alert">
          The “From” date is after the “To” date.
        </p>
      )}
    </>
  );
}

/**
 * A wide table on a narrow screen: it scrolls sideways inside a focusable region (keyboard users
 * scroll it too), and while columns lie beyond an edge a shadow on that edge and a line above say
 * so — a phone otherwise shows the first column with no sign there is more.
 */
export function ScrollTable({ label, children }: { label: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [edges, setEdges] = useState({ left: false, right: false });
  const measure = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    const left = el.scrollLeft > 1;
    const right = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
    setEdges((e) => (e.left === left && e.right === right ? e : { left, right }));
  }, []);
  useEffect(() => {
    measure();
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const watch = new ResizeObserver(measure);
    watch.observe(el);
    if (el.firstElementChild) watch.observe(el.firstElementChild);
    return () => watch.disconnect();
  }, [measure]);
  const more = edges.left || edges.right;
  return (
    <div className="space-y-2">
      {more && (
        <p className="flex items-center gap-1.5 text-xs text-slate-600" data-testid="scroll-cue">
          <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" className="size-4">
            <path d="M3.5 10a.75.75 0 0 1 .22-.53l3-3a.75.75 0 1 1 1.06 1.06L6.06 9.25h7.88l-1.72-1.72a.75.75 0 1 1 1.06-1.06l3 3a.75.75 0 0 1 0 1.06l-3 3a.75.75 0 1 1-1.06-1.06l1.72-1.72H6.06l1.72 1.72a.75.75 0 1 1-1.06 1.06l-3-3A.75.75 0 0 1 3.5 10Z" />
          </svg>
          Scroll sideways for more columns
        </p>
      )}
      <div className="relative">
        <div
          ref={ref}
          onScroll={measure}
          role="region"
          aria-label={label}
          tabIndex={0}
          className="overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600/40"
        >
          {children}
        </div>
        <div
          aria-hidden="true"
          className={cn(
            'pointer-events-none absolute inset-y-px left-px w-6 rounded-l-2xl bg-gradient-to-r from-slate-900/10 to-transparent transition-opacity',
            edges.left ? 'opacity-100' : 'opacity-0',
          )}
        />
        <div
          aria-hidden="true"
          className={cn(
            'pointer-events-none absolute inset-y-px right-px w-6 rounded-r-2xl bg-gradient-to-l from-slate-900/10 to-transparent transition-opacity',
            edges.right ? 'opacity-100' : 'opacity-0',
          )}
        />
      </div>
    </div>
  );
}
