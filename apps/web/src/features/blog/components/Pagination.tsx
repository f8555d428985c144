import { cn } from '../../../components/ui/cn.ts';
import { clampPage } from '../hooks/useListParams.ts';
import { ArrowLeftIcon, ArrowRightIcon } from './icons.tsx';

export type PageItem = number | 'gap-start' | 'gap-end';

/**
 * The page numbers to show: all of them up to 7 pages, otherwise the first, the last, the current
 * one with its neighbours, and gaps, always 7 items so the bar does not jump around.
 */
export function pageItems(page: number, pages: number): PageItem[] {
  if (pages <= 7) return Array.from({ length: pages }, (_, i) => i + 1);
  if (page <= 4) return [1, 2, 3, 4, 5, 'gap-end', pages];
  if (page >= pages - 3) return [1, 'gap-start', pages - 4, pages - 3, pages - 2, pages - 1, pages];
  return [1, 'gap-start', page - 1, page, page + 1, 'gap-end', pages];
}

const itemClass =
  'inline-flex h-9 min-w-9 items-center justify-center rounded-lg border text-sm font-medium transition-colors disabled:cursor-not-allowed';

/**
 * Previous, numbered pages, Next (docs/product.md §2). Shown only when there is more than one page;
 * Previous is disabled on the first page and Next on the last, and a page outside 1…pages is
 * never asked for.
 */
export function Pagination({
  page,
  pages,
  onPageChange,
  label = 'Pagination',
  className,
}: {
  page: number;
  pages: number;
  onPageChange: (page: number) => void;
  label?: string;
  className?: string;
}) {
  if (pages <= 1) return null;
  const current = clampPage(page, pages);
  const go = (p: number) => {
    const next = clampPage(p, pages);
    if (next !== current) onPageChange(next);
  };
  return (
    <nav aria-label={label} className={cn('flex justify-center', className)}>
      <ul className="flex flex-wrap items-center justify-center gap-1">
        <li>
          <button
            type="button"
            onClick={() => go(current - 1)}
            disabled={current <= 1}
            className={cn(
              itemClass,
              'gap-1.5 border-slate-300 bg-white px-2.5 text-slate-700 hover:bg-slate-50 disabled:opacity-40 disabled:hover:bg-white sm:px-3',
            )}
          >
            <ArrowLeftIcon />
            <span className="sr-only sm:not-sr-only">Previous</span>
          </button>
        </li>
        {pageItems(current, pages).map((item) =>
          typeof item === 'number' ? (
            <li key={item}>
              <button
                type="button"
                onClick={() => go(item)}
                aria-current={item === current ? 'page' : undefined}
                aria-label={`Page ${item}`}
                className={cn(
                  itemClass,
                  'px-2',
                  item === current
                    ? 'border-brand-700 bg-brand-700 text-white'
                    : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50',
                )}
              >
                {item}
              </button>
            </li>
          ) : (
            <li key={item} aria-hidden="true" className="inline-flex h-9 w-6 items-end justify-center pb-1.5 text-slate-400">
              …
            </li>
          ),
        )}
        <li>
          <button
            type="button"
            onClick={() => go(current + 1)}
            disabled={current >= pages}
            className={cn(
              itemClass,
              'gap-1.5 border-slate-300 bg-white px-2.5 text-slate-700 hover:bg-slate-50 disabled:opacity-40 disabled:hover:bg-white sm:px-3',
            )}
          >
            <span className="sr-only sm:not-sr-only">Next</span>
            <ArrowRightIcon />
          </button>
        </li>
      </ul>
    </nav>
  );
}
