import { REPORT_MESSAGES, TIER_LABELS, type Report, type ReportVersion } from '@assay/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../../components/ui/Button.tsx';
import { errorText } from '../../../../lib/api.ts';
import { saveBlob } from '../../../../lib/download.ts';
import { fetchVersionPdf, fetchVersions, restoreVersion } from '../../api/report-actions.ts';
import { reportKeys } from '../../api/keys.ts';
import { formatDateTime, formatTokens, pdfFileName } from '../../lib/format.ts';

export const versionsKey = (id: string) => [...reportKeys.one(id), 'versions'] as const;

/**
 * Every version of the report, newest first: what changed, when, what it cost; each can be
 * downloaded, an earlier one compared with the current one or restored (free: a restore is a new version, the list only grows).
 */
export function ReportVersionsSection({
  report,
  onOpen,
  onCompare,
}: {
  report: Report;
  onOpen?: (n: number) => void;
  onCompare?: (n: number) => void;
}) {
  const queryClient = useQueryClient();
  const versions = useQuery({
    queryKey: [...versionsKey(report.id), report.version, report.status],
    queryFn: ({ signal }) => fetchVersions(report.id, signal),
  });
  const [message, setMessage] = useState<{ tone: 'ok' | 'error'; text: string }>();
  const restore = useMutation({
    mutationFn: (n: number) => restoreVersion(report.id, n),
    onSuccess: (updated, n) => {
      queryClient.setQueryData(reportKeys.one(report.id), updated);
      void queryClient.invalidateQueries({ queryKey: reportKeys.all });
      setMessage({ tone: 'ok', text: `Version ${n} restored as version ${updated.version}.` });
    },
    onError: (err) => setMessage({ tone: 'error', text: errorText(err) }),
  });
  const download = async (v: ReportVersion) => {
    try {
      saveBlob(await fetchVersionPdf(report.id, v.n), pdfFileName(`${report.title} (version ${v.n})`));
    } catch {
      setMessage({ tone: 'error', text: REPORT_MESSAGES.downloadFailed });
    }
  };

  const list = versions.data?.versions ?? [];
  return (
    <section aria-labelledby="report-versions">
      <h4 id="report-versions" className="text-sm font-semibold uppercase tracking-wide text-slate-500">
        Versions
      </h4>
      {versions.isPending ? (
        <p className="mt-2 text-sm text-slate-500">Loading versions…</p>
      ) : versions.isError ? (
        <p className="mt-2 text-sm text-red-700">The versions could not be loaded.</p>
      ) : list.length === 0 ? (
        <p className="mt-2 text-sm text-slate-500">The first version appears here when the report is ready.</p>
      ) : (
        <ol className="mt-2 divide-y divide-slate-100 rounded-xl ring-1 ring-slate-200" data-testid="version-list">
          {list.map((v) => (
            <li key={v.n} className="flex flex-col gap-2 px-3 py-2.5 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0 text-sm">
                <p className="font-medium text-slate-900">
                  Version {v.n}
                  {v.current && (
                    <span className="ml-2 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800 ring-1 ring-emerald-200">
                      Current
                    </span>
                  )}
                </p>
                <p className="break-words text-slate-700">{v.change}</p>
                <p className="text-xs text-slate-600">
                  {TIER_LABELS[v.complexity]} · {formatDateTime(v.created_at)}
                  {v.tokens > 0 ? ` · ${formatTokens(v.tokens)} tokens` : ' · free'}
                </p>
              </div>
              <div className="flex shrink-0 gap-2">
                {onOpen && (
                  <Button size="sm" variant="outline" onClick={() => onOpen(v.n)}>
                    Open<span className="sr-only"> version {v.n}</span>
                  </Button>
                )}
                {onCompare && !v.current && (
                  <Button size="sm" variant="outline" onClick={() => onCompare(v.n)}>
                    Compare<span className="sr-only"> version {v.n} with the current version</span>
                  </Button>
                )}
                <Button size="sm" variant="outline" onClick={() => void download(v)}>
                  Download<span className="sr-only"> version {v.n}</span>
                </Button>
                {!v.current && report.status !== 'processing' && (
                  <Button
                    size="sm"
                    variant="ghost"
                    loading={restore.isPending && restore.variables === v.n}
                    onClick={() => restore.mutate(v.n)}
                  >
                    Restore<span className="sr-only"> version {v.n}</span>
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ol>
      )}
      {message && (
        <p
          role={message.tone === 'error' ? 'alert' : 'status'}
          className={message.tone === 'error' ? 'mt-2 text-sm text-red-700' : 'mt-2 text-sm text-emerald-800'}
        >
          {message.text}
        </p>
      )}
    </section>
  );
}
