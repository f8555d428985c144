import { formatCount, REPORT_STATUSES, type ReportStatus } from '@assay/shared';
import { useId } from 'react';
import { Button } from '../../../components/ui/Button.tsx';
import { SearchBox } from '../../../components/ui/SearchBox.tsx';
import { statusLabel } from '../lib/format.ts';

export interface ReportsToolbarProps {
  search: string;
  onSearch: (value: string) => void;
  status: ReportStatus | undefined;
  onStatus: (value: ReportStatus | undefined) => void;
}

/** Search (the loaded page only, docs/product.md §5) and the status filter (asks the server). */
export function ReportsToolbar({ search, onSearch, status, onStatus }: ReportsToolbarProps) {
  const statusId = useId();
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <SearchBox
        className="flex-1"
        value={search}
        onChange={onSearch}
        label="Search reports"
        showLabel
        placeholder="Search this page by title or idea"
      />
      <div className="sm:w-48">
        <label htmlFor={statusId} className="block text-sm font-medium text-slate-700">
          Status
        </label>
        <select
          id={statusId}
          value={status ?? ''}
          onChange={(e) => onStatus((e.target.value || undefined) as ReportStatus | undefined)}
          className="mt-1.5 block w-full rounded-lg border border-slate-300 bg-white px-3.5 py-2.5 text-sm text-slate-900 shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-600/20 focus:outline-none"
        >
          <option value="">All statuses</option>
          {REPORT_STATUSES.map((s) => (
            <option key={s} value={s}>
              {statusLabel(s)}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}

export interface PaginationProps {
  page: number;
  pages: number;
  total: number;
  onPage: (page: number) => void;
  busy?: boolean;
}

export function Pagination({ page, pages, total, onPage, busy }: PaginationProps) {
  return (
    <nav aria-label="Pagination" className="flex flex-col items-center justify-between gap-3 sm:flex-row">
      <p className="text-sm text-slate-500">
        {formatCount(total)} {total === 1 ? 'report' : 'reports'}
      </p>
      <div className="flex items-center gap-3">
        <Button variant="outline" size="sm" onClick={() => onPage(page - 1)} disabled={page <= 1 || busy}>
          Previous
        </Button>
        <span className="text-sm font-medium text-slate-700 tabular-nums" aria-live="polite">
          Page {page} of {pages}
        </span>
        <Button variant="outline" size="sm" onClick={() => onPage(page + 1)} disabled={page >= pages || busy}>
          Next
        </Button>
      </div>
    </nav>
  );
}
