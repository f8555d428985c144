import type { LedgerEntry } from '@assay/shared';
import { cn } from '../../../components/ui/cn.ts';
import { entryTone, formatDayTime, signedTokens } from '../lib/history-format.ts';

/** The token history in plain words, newest first: what happened, when, and how many tokens. */
export function TokenHistory({ entries }: { entries: LedgerEntry[] }) {
  return (
    <ol className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white shadow-sm" aria-label="Token history">
      {entries.map((e) => (
        <li key={e.id} className="flex items-start justify-between gap-4 px-4 py-3 text-sm" data-testid="ledger-entry">
          <div className="min-w-0">
            <p className="font-medium break-words text-slate-900">{e.description}</p>
            <p className="text-xs text-slate-500">
              <time dateTime={e.at}>{formatDayTime(e.at)}</time>
            </p>
          </div>
          <p className={cn('shrink-0 font-semibold tabular-nums', entryTone(e.amount))}>
            {signedTokens(e.amount)}
            <span className="sr-only"> tokens</span>
          </p>
        </li>
      ))}
    </ol>
  );
}
