import type { ReactNode } from 'react';
import { cn } from '../../../components/ui/cn.ts';

/**
 * A table that is a list of cards on a phone: below `sm` every row is a card and every cell shows
 * its column's name beside its value (from `label`); from `sm` up it is an ordinary table.
 */
export function StackedTable({
  caption,
  columns,
  children,
}: {
  caption: string;
  columns: { label: string; numeric?: boolean }[];
  children: ReactNode;
}) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white shadow-sm sm:overflow-x-auto">
      <table className="block w-full text-sm sm:table">
        <caption className="sr-only">{caption}</caption>
        <thead className="sr-only bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase sm:not-sr-only sm:table-header-group">
          <tr>
            {columns.map((c) => (
              <th key={c.label} scope="col" className={cn('px-4 py-3 whitespace-nowrap', c.numeric && 'text-right')}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="block divide-y divide-slate-100 sm:table-row-group">{children}</tbody>
      </table>
    </div>
  );
}

export function StackedRow({ children, ...rest }: { children: ReactNode; 'data-testid'?: string }) {
  return (
    <tr className="block px-4 py-3 align-top sm:table-row sm:p-0 sm:hover:bg-slate-50/70" {...rest}>
      {children}
    </tr>
  );
}

export function StackedCell({
  label,
  numeric,
  className,
  children,
}: {
  label: string;
  numeric?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <td
      data-label={label}
      className={cn(
        'flex items-center justify-between gap-4 py-1 text-slate-900 before:text-xs before:font-medium before:text-slate-500 before:content-[attr(data-label)]',
        'sm:table-cell sm:px-4 sm:py-3 sm:whitespace-nowrap sm:before:content-none',
        numeric && 'tabular-nums sm:text-right',
        className,
      )}
    >
      {children}
    </td>
  );
}
