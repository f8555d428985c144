import { AUDIT_ACTION_LABELS, auditActionLabel, type AuditEntry } from '@assay/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { Button } from '../../../components/ui/Button.tsx';
import { EmptyState } from '../../../components/ui/EmptyState.tsx';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { activityQuery } from '../api/audit-log.ts';
import type { ActivityFilter } from '../api/keys.ts';
import { formatDateTime } from '../lib/format.ts';
import { OperatorPasskeys } from './OperatorPasskeys.tsx';
import { OperatorsSection } from './OperatorsSection.tsx';
import { DateRangeInputs, DateRangeNotes, ListSpinner, LoadError, SectionHeader, rangeReversed } from './Shared.tsx';

const ACTIONS = Object.entries(AUDIT_ACTION_LABELS).sort(([, a], [, b]) => a.localeCompare(b));

/** A detail's value in a line: text as it is, anything else as compact JSON. */
const detailText = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

/**
 * Activity (docs/product.md §6): the audit log — who did what and when, sign-ins and lock-outs
 * included — newest first, filtered by operator, action and days, a page at a time.
 */
export function ActivityTab() {
  const [operator, setOperator] = useState('');
  const [action, setAction] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const who = useDebouncedValue(operator.trim(), 300);
  const rangeInvalid = rangeReversed(from, to);
  const filter = useMemo<ActivityFilter>(
    () => ({ operator: who, action, from, to: rangeInvalid ? '' : to }),
    [who, action, from, to, rangeInvalid],
  );
  const log = useInfiniteQuery(activityQuery(filter));
  const entries = log.data?.pages.flatMap((p) => p.entries) ?? [];
  const filtered = Boolean(who || action || from || to);
  const operatorId = useId();
  const actionId = useId();

  return (
    <div className="space-y-5">
      <SectionHeader title="Activity" description="Every operator action, sign-in and lock-out, newest first." />
      <OperatorsSection />
      <OperatorPasskeys />
      <form role="search" aria-label="Filter activity" className="flex flex-wrap items-end gap-3" onSubmit={(e) => e.preventDefault()}>
        <label htmlFor={operatorId} className="flex flex-col gap-1 text-xs font-medium text-slate-600">
          Operator
          <input
            id={operatorId}
            type="text"
            value={operator}
            onChange={(e) => setOperator(e.target.value)}
            placeholder="Username, or system"
            autoComplete="off"
            maxLength={100}
            className="w-48 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/20"
          />
        </label>
        <label htmlFor={actionId} className="flex flex-col gap-1 text-xs font-medium text-slate-600">
          Action
          <select
            id={actionId}
            value={action}
            onChange={(e) => setAction(e.target.value)}
            className="w-64 max-w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/20"
          >
            <option value="">All actions</option>
            {ACTIONS.map(([code, label]) => (
              <option key={code} value={code}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <DateRangeInputs from={from} to={to} onFrom={setFrom} onTo={setTo} />
        <Button
          variant="ghost"
          disabled={!filtered && !operator}
          onClick={() => {
            setOperator('');
            setAction('');
            setFrom('');
            setTo('');
          }}
        >
          Clear
        </Button>
      </form>
      <DateRangeNotes from={from} to={to} />
      {log.data ? (
        entries.length === 0 ? (
          <EmptyState title="No activity found" hint={filtered ? 'Try a different operator, action or date range.' : undefined} />
        ) : (
          <>
            <ol className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white" aria-label="Activity">
              {entries.map((e) => (
                <ActivityRow key={e.id} entry={e} />
              ))}
            </ol>
            {log.hasNextPage && (
              <div className="flex justify-center">
                <Button variant="outline" loading={log.isFetchingNextPage} onClick={() => void log.fetchNextPage()}>
                  Show older activity
                </Button>
              </div>
            )}
            {log.isError && <p className="text-sm text-slate-600">Couldn’t load older activity.</p>}
          </>
        )
      ) : log.isError ? (
        <LoadError what="activity" onRetry={() => void log.refetch()} />
      ) : (
        <ListSpinner />
      )}
    </div>
  );
}

function ActivityRow({ entry }: { entry: AuditEntry }) {
  const details = Object.entries(entry.details);
  return (
    <li className="flex flex-col gap-1 px-4 py-3 text-sm sm:flex-row sm:items-start sm:gap-4" data-testid="activity-entry">
      <time dateTime={entry.at} className="shrink-0 text-xs text-slate-600 tabular-nums sm:w-56 sm:pt-0.5">
        {formatDateTime(entry.at)}
      </time>
      <div className="min-w-0 flex-1">
        <p className="text-slate-900">
          <span className="font-semibold">{auditActionLabel(entry.action)}</span>{' '}
          <span className="text-slate-600">by {entry.operator_username}</span>
        </p>
        {entry.target && <p className="truncate font-mono text-xs text-slate-600">{entry.target}</p>}
        {details.length > 0 && (
          <dl className="mt-1 flex flex-wrap gap-x-4 gap-y-0.5 text-xs text-slate-600">
            {details.map(([k, v]) => (
              <div key={k} className="flex min-w-0 gap-1">
                <dt className="text-slate-600">{k.replace(/_/g, ' ')}:</dt>
                <dd className="break-all text-slate-800">{detailText(v)}</dd>
              </div>
            ))}
          </dl>
        )}
      </div>
    </li>
  );
}
