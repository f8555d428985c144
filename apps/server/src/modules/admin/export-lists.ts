import { PAYMENT_STATE_LABELS, type AdminTransactionsQuery, type AdminUser, type Transaction } from '@assay/shared';
import type { Readable } from 'node:stream';
import type { Queryable } from '../../db/client.ts';
import { encodeCursor, type Keyset } from '../../lib/paging.ts';
import { xlsxStream, type XlsxColumn } from '../../lib/xlsx.ts';
import { listTransactions } from './list-transactions.ts';
import { listUsers } from './list-users.ts';

/** Rows read per statement while an export streams: one page in memory at a time. */
export const EXPORT_PAGE_ROWS = 500;

/**
 * Every page of a list, newest first, each after the previous one's last row (keyset): the list's
 * own statement, so the sheet holds what the panel shows, and a deep page costs what the first does.
 */
async function* keysetPages<T>(
  read: (cursor: string | undefined) => Promise<{ rows: T[]; next: Keyset | undefined }>,
): AsyncGenerator<T[]> {
  let cursor: string | undefined;
  for (;;) {
    const { rows, next } = await read(cursor);
    if (rows.length) yield rows;
    if (!next) return;
    cursor = encodeCursor(next);
  }
}

/** Done with each export: how many rows went out, and whether the file was finished. */
type Finished = (count: number, complete: boolean) => Promise<void>;

/** The Users list (with its search) as an .xlsx stream (docs/decisions/183-operator-exports-stream.md). */
export function exportUsers(db: Queryable, q: string | undefined, finished: Finished): Readable {
  const pages = keysetPages(async (cursor) => {
    const { users, next } = await listUsers(db, { q, cursor, limit: EXPORT_PAGE_ROWS });
    return { rows: users, next };
  });
  return xlsxStream('Users', USER_COLUMNS, pages, finished);
}

export type TransactionExportFilter = Pick<AdminTransactionsQuery, 'q' | 'status' | 'from' | 'to' | 'tz'>;

/** Token Purchases (with its search, state and days) as an .xlsx stream. */
export function exportTransactions(db: Queryable, filter: TransactionExportFilter, finished: Finished): Readable {
  const pages = keysetPages(async (cursor) => {
    const { transactions, next } = await listTransactions(db, { ...filter, cursor, limit: EXPORT_PAGE_ROWS });
    return { rows: transactions, next };
  });
  return xlsxStream('Transactions', TRANSACTION_COLUMNS, pages, finished);
}

/**
 * An instant as an export carries it: ISO 8601 in UTC ('2025-07-01T09:30:00Z'), the zone in the
 * value and in the column's header, so a sheet read anywhere means one moment.
 */
export function exportInstant(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : d.toISOString().replace(/\.000Z$/, 'Z');
}

/** A code as a label: 'partially_refunded' → 'Partially Refunded'. */
const titleCase = (s: string) => s.replace(/[_-]+/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());

export const USER_COLUMNS: XlsxColumn<AdminUser>[] = [
  { header: 'Member ID', width: 38, value: (u) => u.id },
  { header: 'Name', width: 24, value: (u) => u.name },
  { header: 'Email', width: 32, value: (u) => u.email },
  { header: 'Phone', width: 18, value: (u) => u.phone },
  { header: 'Plan', width: 14, value: (u) => titleCase(u.plan_name) },
  { header: 'Subscription Status', width: 18, value: (u) => titleCase(u.subscription_status) },
  { header: 'Reports Generated', width: 16, value: (u) => u.reports_generated },
  { header: 'Available Tokens', width: 16, value: (u) => u.available_tokens },
  { header: 'Verified', width: 10, value: (u) => (u.is_verified ? 'Yes' : 'No') },
  { header: 'Joined (UTC)', width: 22, value: (u) => exportInstant(u.created_at) },
  { header: 'Last Login (UTC)', width: 22, value: (u) => exportInstant(u.last_login) ?? 'Never' },
];

export const TRANSACTION_COLUMNS: XlsxColumn<Transaction>[] = [
  { header: 'Member ID', width: 38, value: (t) => t.user_id },
  { header: 'User', width: 24, value: (t) => t.user_name ?? 'Deleted user' },
  { header: 'Email', width: 32, value: (t) => t.user_email },
  { header: 'Plan', width: 12, value: (t) => titleCase(t.plan_name) },
  { header: 'Package', width: 14, value: (t) => t.package_name },
  { header: 'Tokens', width: 10, value: (t) => t.tokens },
  // Money is integer minor units everywhere else; a sheet shows the amount (minor / 100).
  { header: 'Amount', width: 12, value: (t) => t.amount_paid / 100 },
  { header: 'Tax (GST)', width: 11, value: (t) => t.tax_minor / 100 },
  { header: 'Refunded', width: 11, value: (t) => t.refunded_minor / 100 },
  { header: 'Refunded tax', width: 12, value: (t) => t.refunded_tax_minor / 100 },
  { header: 'Net', width: 12, value: (t) => t.net_minor / 100 },
  { header: 'Currency', width: 10, value: (t) => t.currency },
  { header: 'Status', width: 18, value: (t) => PAYMENT_STATE_LABELS[t.status] },
  { header: 'Refund requested', width: 16, value: (t) => (t.refund_requested ? 'Yes' : 'No') },
  { header: 'Date (UTC)', width: 22, value: (t) => exportInstant(t.created_at) },
  { header: 'Active Until (UTC)', width: 22, value: (t) => exportInstant(t.active_until) },
  { header: 'Payment ID', width: 26, value: (t) => t.razorpay_payment_id?.trim() || 'N/A' },
  { header: 'Order ID', width: 26, value: (t) => t.razorpay_order_id },
  { header: 'Invoice', width: 22, value: (t) => t.invoice_number },
];
