import { ESTIMATED_GENERATION_TEXT, REPORT_MESSAGES, type Report } from '@assay/shared';
import { Badge } from '../../../components/ui/Badge.tsx';
import { cn } from '../../../components/ui/cn.ts';
import type { LiveMode } from '../hooks/useLiveReports.ts';
import { formatTokens, progressPercent, stageText, statusLabel, statusTone } from '../lib/format.ts';

export function StatusBadge({ status }: { status: string }) {
  return (
    <Badge tone={statusTone(status)} className="whitespace-nowrap">
      {status === 'processing' && <span className="size-1.5 animate-pulse rounded-full bg-sky-500" aria-hidden="true" />}
      {statusLabel(status)}
    </Badge>
  );
}

/** A processing report's progress: a bar and the stage in words; the estimate when it cannot be followed. */
export function ReportProgressBar({ report, mode, className }: { report: Report; mode: LiveMode | undefined; className?: string }) {
  if (mode === 'unavailable') {
    return <p className={cn('text-xs text-slate-500', className)}>{ESTIMATED_GENERATION_TEXT}</p>;
  }
  const pct = progressPercent(report.progress);
  const text = stageText(report.progress);
  return (
    <div className={cn('w-full min-w-36', className)}>
      <div
        role="progressbar"
        aria-label={`Progress of ${report.title}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={pct}
        aria-valuetext={text}
        className="h-1.5 w-full overflow-hidden rounded-full bg-sky-100"
      >
        <div className="h-full rounded-full bg-sky-500 transition-[width] duration-500" style={{ width: `${pct}%` }} />
      </div>
      <p className="mt-1 text-xs text-slate-600" data-testid="report-stage">
        {text}
      </p>
    </div>
  );
}

/** A failed report's reason, and that its tokens were returned. */
export function ReportFailure({ report, compact }: { report: Report; compact?: boolean }) {
  return (
    <div className={cn('text-xs', compact ? 'max-w-64' : '')}>
      <p className={cn('text-red-700', compact && 'line-clamp-2')}>{report.error_message || REPORT_MESSAGES.failedDefault}</p>
      {report.tokens_returned && (
        <p className="mt-0.5 text-slate-600">{formatTokens(report.tokens_used)} tokens returned to your balance</p>
      )}
    </div>
  );
}
