import { operatorsEndpoints, type AuditEntry } from '@assay/shared';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { callRaw, readJson } from '../../../lib/api.ts';
import { asOperator, logged, SILENT } from '../lib/admin-api.ts';
import { operatorTimeZone } from './contact.ts';
import { adminKeys, type ActivityFilter } from './keys.ts';

export const ACTIVITY_PAGE_SIZE = 50;

/** GET /admin/audit-log, newest first, a page at a time (each names the next in X-Next-Cursor). */
export const activityQuery = (filter: ActivityFilter) =>
  infiniteQueryOptions({
    queryKey: adminKeys.activity(filter),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ signal, pageParam }) =>
      logged('activity', () =>
        asOperator(async (authorization): Promise<{ entries: AuditEntry[]; next: string | undefined }> => {
          const res = await callRaw(operatorsEndpoints.auditLog, {
            query: {
              operator: filter.operator || undefined,
              action: filter.action || undefined,
              from: filter.from || undefined,
              to: filter.to || undefined,
              // Days are the operator's own, as the list shows its times.
              tz: filter.from || filter.to ? operatorTimeZone() : undefined,
              limit: ACTIVITY_PAGE_SIZE,
              cursor: pageParam,
            },
            signal,
            authorization,
          });
          const { entries } = await readJson(operatorsEndpoints.auditLog, res);
          return { entries, next: res.headers.get('x-next-cursor') ?? undefined };
        }),
      ),
    getNextPageParam: (last) => last.next,
    meta: SILENT,
  });
