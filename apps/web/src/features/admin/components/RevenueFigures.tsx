import { revenueFigures } from '../lib/format.ts';

/**
 * Revenue per currency, each its own figure with its code (rupees first when there are any):
 * the dashboard card and the Token Purchases tab show the same list from the same stats.
 */
export function RevenueFigures({ rows, size }: { rows: { currency: string; amount_minor: number }[]; size: 'lg' | 'sm' }) {
  const figures = revenueFigures(rows);
  return (
    <ul
      className={size === 'lg' ? 'mt-2 space-y-1' : 'flex flex-wrap gap-x-4 gap-y-1'}
      aria-label="Revenue by currency"
      data-testid="revenue-figures"
    >
      {figures.map((f, i) => (
        <li key={f.currency} className="flex items-baseline gap-1.5 tabular-nums">
          <span
            className={
              size === 'sm'
                ? 'font-semibold text-slate-900'
                : i === 0
                  ? 'text-2xl font-bold text-slate-900 sm:text-3xl'
                  : 'text-xl font-bold text-slate-900'
            }
          >
            {f.text}
          </span>
          <span className="text-xs font-medium text-slate-600">{f.currency}</span>
        </li>
      ))}
    </ul>
  );
}
