import type { AdminEvidenceSource } from '@assay/shared';
import { useQuery } from '@tanstack/react-query';
import { Badge, type BadgeTone } from '../../../components/ui/Badge.tsx';
import { Card } from '../../../components/ui/Card.tsx';
import { evidenceSourcesQuery } from '../api/evidence-sources.ts';
import { formatCount, formatDateTime } from '../lib/format.ts';
import { ListSpinner, LoadError } from './Shared.tsx';

/**
 * The prior-art and literature sources (docs/decisions/210): is each one working, how much of
 * its allowance reports use, and what went wrong last — so a refused key or a spent daily budget
 * is seen here before members read "the search failed" in their reports.
 */
export function EvidenceSources() {
  const q = useQuery(evidenceSourcesQuery());
  return (
    <section aria-labelledby="evidence-heading">
      <h2 id="evidence-heading" className="text-lg font-semibold text-slate-900">
        Prior-art sources
      </h2>
      <div className="mt-4">
        {q.data ? (
          q.data.length === 0 ? (
            <Card className="p-5">
              <p className="text-sm text-slate-600">
                No patent or literature database is connected: reports say that no search was run. Set{' '}
                <code className="font-mono text-slate-900">EVIDENCE_SOURCES</code> and the sources’ keys on the server to search.
              </p>
            </Card>
          ) : (
            <ul className="grid gap-4 lg:grid-cols-3">
              {q.data.map((s) => (
                <li key={s.source}>
                  <SourceCard source={s} />
                </li>
              ))}
            </ul>
          )
        ) : q.isError ? (
          <LoadError what="the prior-art sources" onRetry={() => void q.refetch()} />
        ) : (
          <ListSpinner />
        )}
      </div>
    </section>
  );
}

function state(s: AdminEvidenceSource): { tone: BadgeTone; text: string } {
  if (s.spent_until) return { tone: 'danger', text: `Allowance spent until ${formatDateTime(s.spent_until)}` };
  if (s.probe === 'refused') return { tone: 'danger', text: 'Key refused' };
  if (s.last_error_at && (!s.last_ok_at || s.last_error_at > s.last_ok_at)) return { tone: 'warning', text: 'Last search failed' };
  if (s.probe === 'unreachable' && !s.last_ok_at) return { tone: 'warning', text: 'Not reached at start-up' };
  return { tone: 'success', text: 'Working' };
}

function SourceCard({ source: s }: { source: AdminEvidenceSource }) {
  const st = state(s);
  return (
    <Card className="h-full p-5" data-testid="evidence-source">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="font-semibold text-slate-900">{s.label}</h3>
        <Badge tone={st.tone}>{st.text}</Badge>
      </div>
      <p className="mt-4 text-xs font-medium uppercase tracking-wide text-slate-600">Today (UTC)</p>
      <dl className="mt-2 grid grid-cols-3 gap-3 text-sm">
        <Figure label="Searches" value={s.today.searches} week={s.week.searches} />
        <Figure label="Failed" value={s.today.failures} week={s.week.failures} />
        <Figure label="Cached" value={s.today.cache_hits} week={s.week.cache_hits} />
      </dl>
      <div className="mt-4 space-y-1 border-t border-slate-100 pt-3 text-sm text-slate-600">
        <p>
          Key checked at start-up:{' '}
          <span className="text-slate-900">
            {s.probe === 'ok'
              ? 'accepted'
              : s.probe === 'refused'
                ? 'refused'
                : s.probe === 'unreachable'
                  ? 'service not reached'
                  : 'not yet'}
          </span>
          {s.probed_at && <> ({formatDateTime(s.probed_at)})</>}
        </p>
        <p>
          Last answer: <span className="text-slate-900">{formatDateTime(s.last_ok_at)}</span>
        </p>
        {s.last_error && (
          <p>
            Last failure ({formatDateTime(s.last_error_at)}): <span className="text-slate-900">the service {s.last_error}</span>
          </p>
        )}
      </div>
    </Card>
  );
}

function Figure({ label, value, week }: { label: string; value: number; week: number }) {
  return (
    <div className="min-w-0">
      <dt className="text-slate-600">{label}</dt>
      <dd className="mt-1 text-xl font-semibold text-slate-900 tabular-nums">{formatCount(value)}</dd>
      <dd className="text-xs text-slate-600">{formatCount(week)} in 7 days</dd>
    </div>
  );
}
