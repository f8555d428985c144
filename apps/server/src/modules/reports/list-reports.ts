import type { Complexity, ReportList, ReportSort, ReportStatus } from '@assay/shared';
import type { Queryable } from '../../db/client.ts';
import { offsetWindow } from '../../lib/paging.ts';
import { containsPattern } from '../../lib/sql.ts';
import { nextDay, startOfDayIn } from '../../lib/time-zone.ts';
import { REPORT_SELECT, toReportView, type ReportRow } from './report-view.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Each order ends on the id, so pages never overlap; each has an index that leads with the member (migrations 020, 221). */
const ORDER: Record<ReportSort, string> = {
  newest: 'r.created_at DESC, r.id',
  oldest: 'r.created_at ASC, r.id',
  title: 'lower(r.title), r.id',
};
/** Each order backwards, for pages read from the far end. */
const REVERSED: Record<ReportSort, string> = {
  newest: 'r.created_at ASC, r.id DESC',
  oldest: 'r.created_at DESC, r.id DESC',
  title: 'lower(r.title) DESC, r.id DESC',
};

export interface ReportListFilter {
  page: number;
  limit: number;
  status?: ReportStatus | undefined;
  q?: string | undefined;
  sort?: ReportSort | undefined;
  complexity?: Complexity | undefined;
  from?: string | undefined;
  to?: string | undefined;
  tz?: string | undefined;
}

/**
 * The member's own reports, one page at a time, searched over all of them (issue 27): a text in
 * the title, the idea or the invention record (through the trigram index on its search_text),
 * a status, a tier, a date range (days in the member's zone, `to` inclusive), and an order. Only
 * the filters given are in the statement, so the planner sees each as it is.
 */
export async function listReports(db: Queryable, userId: string, q: ReportListFilter): Promise<ReportList> {
  const params: unknown[] = [userId];
  const where = ['r.user_id = $1'];
  const add = (sql: (n: string) => string, value: unknown) => {
    params.push(value);
    where.push(sql(`$${params.length}`));
  };
  if (q.status) add((n) => `r.status = ${n}`, q.status);
  if (q.complexity) add((n) => `r.complexity = ${n}`, q.complexity);
  if (q.q) add((n) => `r.search_text LIKE ${n}`, containsPattern(q.q.toLowerCase()));
  const zone = q.tz ?? 'UTC';
  if (q.from)
    add((n) => `r.created_at >= ${n}::timestamptz`, (DAY.test(q.from) ? startOfDayIn(q.from, zone) : new Date(q.from)).toISOString());
  if (q.to)
    add(
      (n) => `r.created_at < ${n}::timestamptz`,
      (DAY.test(q.to) ? startOfDayIn(nextDay(q.to), zone) : new Date(new Date(q.to).getTime() + 1)).toISOString(),
    );
  const filter = where.join(' AND ');
  const sort = q.sort ?? 'newest';
  if (q.q) return searchPage(db, filter, params, sort, q);
  const n = params.length;
  const total = (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM reports r WHERE ${filter}`, params)).rows[0]!.n;
  // OFFSET reads every row it skips, whole: a member with thousands of reports paid for all of
  // them on the last page (72 ms at 4,980 in `npm run bench:scale`). Past the middle the page is
  // read from the other end, backwards (offsetWindow), and put back in order.
  const window = offsetWindow((q.page - 1) * q.limit, q.limit, total);
  const backwards = window.order === 'ASC';
  const rows = await db.query<ReportRow>(
    `${REPORT_SELECT} WHERE ${filter} ORDER BY ${backwards ? REVERSED[sort] : ORDER[sort]} LIMIT $${n + 1} OFFSET $${n + 2}`,
    [...params, window.limit, window.offset],
  );
  // The window holds the page and the row after it (for lists that hand out cursors): the page only.
  const page = (backwards ? rows.rows.reverse() : rows.rows).slice(0, q.limit);
  return {
    reports: page.map(toReportView),
    page: q.page,
    pages: Math.max(1, Math.ceil(total / q.limit)),
    total,
  };
}

/**
 * A search's page and total in one statement: her matches are looked up once through her search
 * index, counted, and sorted for the page; only the page's rows are read whole. Counting and then
 * paging looked them up twice, and the lookup is the search's cost (decision 249).
 */
async function searchPage(db: Queryable, filter: string, params: unknown[], sort: ReportSort, q: ReportListFilter): Promise<ReportList> {
  const n = params.length;
  const rows = await db.query<ReportRow & { total: number }>(
    `WITH matches AS MATERIALIZED (SELECT r.id, r.created_at, r.title FROM reports r WHERE ${filter})
     SELECT page.*, t.total FROM (SELECT count(*)::int AS total FROM matches) t
       LEFT JOIN LATERAL (
         ${REPORT_SELECT} JOIN (SELECT r.id FROM matches r ORDER BY ${ORDER[sort]} LIMIT $${n + 1} OFFSET $${n + 2}) m USING (id)
          ORDER BY ${ORDER[sort]}) page ON true`,
    [...params, q.limit, (q.page - 1) * q.limit],
  );
  const total = rows.rows[0]?.total ?? 0;
  return {
    reports: rows.rows.filter((r) => r.id !== null).map(toReportView),
    page: q.page,
    pages: Math.max(1, Math.ceil(total / q.limit)),
    total,
  };
}
