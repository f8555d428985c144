import { REPORT_MESSAGES, type Report, type ReportList } from '@assay/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { ApiError } from '../../../lib/api.ts';
import { tokenKeys } from '../../billing/index.ts';
import { fetchReport } from '../api/get-report.ts';
import { reportKeys } from '../api/keys.ts';
import { streamReportEvents } from '../api/report-events.ts';
import { formatTokens } from '../lib/format.ts';

export const POLL_INTERVAL_MS = 5000;

/**
 * At most this many event streams at once. Over HTTP/1.1 a browser keeps about 6 connections
 * per host, and each stream holds one for minutes; the other reports on the page are polled.
 */
export const MAX_STREAMS = 3;

/** How a report in progress is being followed: live events, polling, or not at all (the estimate is shown). */
export type LiveMode = 'stream' | 'polling' | 'unavailable';

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const t = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(t), resolve()), { once: true });
  });

/**
 * Follows every processing report on the current page: one event stream each (up to
 * MAX_STREAMS at a time), falling back to polling GET /reports/{id} every 5 s. Each change is written into the cached list pages, so the
 * row updates in place; a report that finishes is announced with a toast and the balance refreshed.
 */
export function useLiveReports(reports: readonly Report[] | undefined): ReadonlyMap<string, LiveMode> {
  const queryClient = useQueryClient();
  const [modes, setModes] = useState<ReadonlyMap<string, LiveMode>>(() => new Map());
  const followers = useRef(new Map<string, AbortController>());
  const openStreams = useRef(0);
  const announced = useRef(new Set<string>());

  const setMode = useCallback((id: string, mode: LiveMode | undefined) => {
    setModes((prev) => {
      if (prev.get(id) === mode) return prev;
      const next = new Map(prev);
      if (mode) next.set(id, mode);
      else next.delete(id);
      return next;
    });
  }, []);

  const setModeUnlessUnavailable = useCallback((id: string) => {
    setModes((prev) => {
      if (prev.get(id) === 'unavailable' || prev.get(id) === 'polling') return prev;
      return new Map(prev).set(id, 'polling');
    });
  }, []);

  const apply = useCallback(
    (report: Report) => {
      queryClient.setQueriesData<ReportList>({ queryKey: reportKeys.lists }, (old) =>
        old && old.reports.some((r) => r.id === report.id)
          ? { ...old, reports: old.reports.map((r) => (r.id === report.id ? report : r)) }
          : old,
      );
      if (report.status === 'processing' || announced.current.has(report.id)) return;
      announced.current.add(report.id);
      // Other pages and filters may now be out of date; refetch them when they are next shown.
      void queryClient.invalidateQueries({ queryKey: reportKeys.lists, refetchType: 'none' });
      void queryClient.invalidateQueries({ queryKey: tokenKeys.balance });
      if (report.status === 'completed') {
        toast.success(`Your report "${report.title}" is ready`);
      } else {
        toast.error(report.error_message || REPORT_MESSAGES.failedDefault, {
          description: report.tokens_returned
            ? `The ${formatTokens(report.tokens_used)} tokens for this report were returned to your balance.`
            : undefined,
        });
      }
    },
    [queryClient],
  );

  const follow = useCallback(
    async (id: string, signal: AbortSignal) => {
      let last: Report | undefined;
      const onReport = (r: Report) => {
        last = r;
        if (!signal.aborted) apply(r);
      };
      const finished = () => signal.aborted || (last !== undefined && last.status !== 'processing');
      let streamTried = false;
      while (!signal.aborted) {
        // A stream while a slot is free; it is tried once per report, then polling takes over.
        if (!streamTried && openStreams.current < MAX_STREAMS) {
          streamTried = true;
          openStreams.current++;
          setMode(id, 'stream');
          try {
            await streamReportEvents(id, onReport, signal);
          } catch {
            /* fall back to polling */
          } finally {
            openStreams.current--;
          }
          if (finished()) return;
        }
        setModeUnlessUnavailable(id);
        await sleep(POLL_INTERVAL_MS, signal);
        if (signal.aborted) return;
        if (!streamTried && openStreams.current < MAX_STREAMS) continue;
        try {
          onReport(await fetchReport(id, signal));
          if (signal.aborted) return;
          setMode(id, 'polling');
          if (finished()) return;
        } catch (err) {
          if (signal.aborted) return;
          if (err instanceof ApiError && err.status === 404) return;
          setMode(id, 'unavailable');
        }
      }
    },
    [apply, setMode, setModeUnlessUnavailable],
  );

  const ids = (reports ?? []).filter((r) => r.status === 'processing').map((r) => r.id);
  const idsKey = ids.join(',');

  useEffect(() => {
    const want = new Set(idsKey ? idsKey.split(',') : []);
    const active = followers.current;
    for (const [id, ac] of active) {
      if (!want.has(id)) {
        ac.abort();
        active.delete(id);
        setMode(id, undefined);
      }
    }
    for (const id of want) {
      if (active.has(id)) continue;
      const ac = new AbortController();
      active.set(id, ac);
      void follow(id, ac.signal).finally(() => {
        if (active.get(id) === ac) active.delete(id);
      });
    }
  }, [idsKey, follow, setMode]);

  useEffect(() => {
    const active = followers.current;
    return () => {
      for (const ac of active.values()) ac.abort();
      active.clear();
    };
  }, []);

  return modes;
}
