import type { AdminRefundList, RefundStatus } from '@assay/shared';
import type { Queryable } from '../../db/client.ts';
import { afterCursor, splitPage, type Keyset } from '../../lib/paging.ts';
import { REFUND_SUMMARY_PAGE_SELECT, toAdminRefundSummary, type RefundSummaryRow } from './refund-row.ts';

/**
 * The operator's list: newest first, optionally of one status, a page at a time after `cursor`
 * (keyset on requested_at, id), and how many wait for a decision. The page's ids come from the
 * request indexes (migration 183); only those rows are joined to their payment, member, invoice
 * and credit note (docs/decisions/184-bounded-operator-lists.md), and only what a card shows is
 * read, each reason shortened (decision 189; the whole request is `readRefund`).
 */
export async function listRefunds(
  db: Queryable,
  query: { status?: RefundStatus | undefined; cursor?: string | undefined; limit: number },
): Promise<AdminRefundList & { next: Keyset | undefined }> {
  const params: unknown[] = [query.status ?? null];
  const after = afterCursor(query.cursor, 'r.requested_at', 'r.id', params);
  params.push(query.limit + 1);
  const rows = await db.query<RefundSummaryRow & { cursor_at: string }>(
    `WITH page AS (
       SELECT r.id FROM refund_requests r WHERE ($1::text IS NULL OR r.status = $1) ${after ? `AND ${after}` : ''}
        ORDER BY r.requested_at DESC, r.id DESC LIMIT $${params.length})
     ${REFUND_SUMMARY_PAGE_SELECT}
     ORDER BY r.requested_at DESC, r.id DESC`,
    params,
  );
  const { page, next } = splitPage(rows.rows, query.limit);
  // Pending requests are few (each waits for an operator) and counted through the status index.
  const pending = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM refund_requests WHERE status = 'requested'`);
  return { items: page.map(toAdminRefundSummary), pending_count: pending.rows[0]!.n, next };
}
