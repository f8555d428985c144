import { COMPLEXITIES, isOperatorSearchable, MSG, REPORT_SORTS, TIER_LABELS, type ReportSort } from '@assay/shared';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/Button.tsx';
import type { ReportFind } from '../api/list-reports.ts';

const SORT_LABELS: Record<ReportSort, string> = { newest: 'Newest first', oldest: 'Oldest first', title: 'Title A–Z' };
const control =
  'mt-1.5 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-sm text-slate-900 shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-600/20 focus:outline-none';

/**
 * Search all the member's reports on the server (issue 27 §3): a text in the title, the idea or
 * the invention record, a tier, a date range and an order. Applied on submit (so each keystroke
 * is not a request); a text needs 3 letters or digits in a row, as the server does, said here.
 */
export function ReportFinder({ find, onFind }: { find: ReportFind; onFind: (find: ReportFind) => void }) {
  const id = useId();
  const empty = { q: '', complexity: '', from: '', to: '', sort: 'newest' };
  const [v, setV] = useState({ ...empty, ...Object.fromEntries(Object.entries(find).filter(([, x]) => x)) } as typeof empty);
  const set = (k: keyof typeof empty) => (e: { target: { value: string } }) => setV((old) => ({ ...old, [k]: e.target.value }));
  const [error, setError] = useState<string>();
  // On a phone the tier, dates and order fold away behind "More filters" (open when one is in use).
  const [more, setMore] = useState(Boolean(find.complexity || find.from || find.to || (find.sort && find.sort !== 'newest')));
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const text = v.q.trim();
    if (text && !isOperatorSearchable(text)) return setError(MSG.searchTooShort);
    if (v.from && v.to && v.from > v.to) return setError('The start date must be before the end date');
    setError(undefined);
    onFind({
      q: text || undefined,
      sort: v.sort === 'newest' ? undefined : (v.sort as ReportSort),
      complexity: (v.complexity || undefined) as ReportFind['complexity'],
      from: v.from || undefined,
      to: v.to || undefined,
    });
  };
  const filtered = Boolean(find.q || find.complexity || find.from || find.to || (find.sort && find.sort !== 'newest'));
  return (
    <form role="search" aria-label="All reports" onSubmit={submit} noValidate className="rounded-2xl border border-slate-200 bg-white p-4">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr_1fr]">
        <div>
          <label htmlFor={`${id}-q`} className="block text-sm font-medium text-slate-700">
            Search all reports
          </label>
          <input
            id={`${id}-q`}
            type="search"
            value={v.q}
            onChange={set('q')}
            placeholder="Title, idea or invention"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            className={control}
          />
        </div>
        <button
          type="button"
          aria-expanded={more}
          aria-controls={`${id}-more`}
          onClick={() => setMore((m) => !m)}
          className="justify-self-start text-sm font-medium text-brand-700 underline-offset-2 hover:underline sm:hidden"
        >
          {more ? 'Fewer filters' : 'More filters'}
        </button>
        <div id={`${id}-more`} className={`${more ? 'contents' : 'hidden'} sm:contents`}>
          <div>
            <label htmlFor={`${id}-tier`} className="block text-sm font-medium text-slate-700">
              Tier
            </label>
            <select id={`${id}-tier`} value={v.complexity} onChange={set('complexity')} className={control}>
              <option value="">All tiers</option>
              {COMPLEXITIES.map((c) => (
                <option key={c} value={c}>
                  {TIER_LABELS[c]}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={`${id}-from`} className="block text-sm font-medium text-slate-700">
              From
            </label>
            <input id={`${id}-from`} type="date" value={v.from} onChange={set('from')} className={control} />
          </div>
          <div>
            <label htmlFor={`${id}-to`} className="block text-sm font-medium text-slate-700">
              To
            </label>
            <input id={`${id}-to`} type="date" value={v.to} onChange={set('to')} className={control} />
          </div>
          <div>
            <label htmlFor={`${id}-sort`} className="block text-sm font-medium text-slate-700">
              Order
            </label>
            <select id={`${id}-sort`} value={v.sort} onChange={set('sort')} className={control}>
              {REPORT_SORTS.map((s) => (
                <option key={s} value={s}>
                  {SORT_LABELS[s]}
                </option>
              ))}
            </select>
          </div>
        </div>
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      )}
      <div className="mt-3 flex flex-col gap-2 sm:flex-row">
        <Button type="submit" variant="secondary">
          Search
        </Button>
        {filtered && (
          <Button
            variant="ghost"
            onClick={() => {
              setV(empty);
              setError(undefined);
              onFind({});
            }}
          >
            Clear search
          </Button>
        )}
      </div>
    </form>
  );
}
