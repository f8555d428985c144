import type { AdminUser, ExportRecordBody, Transaction } from '@assay/shared';
import { recordExport } from '../api/audit-log.ts';
import { paymentIdTail, titleCase, transactionLabel } from './format.ts';
import { saveBlob } from '../../../lib/download.ts';
import { today } from './today.ts';

/** One column of an export: a header and how to read a row's cell. */
export interface ExportColumn<T> {
  header: string;
  width?: number;
  value: (row: T) => string | number | boolean | null;
}

/**
 * An instant as an export carries it: ISO 8601 in UTC ('2025-07-01T09:30:00Z'), the zone in the
 * value and in the column's header, so a sheet read anywhere means one moment (not the text of
 * whichever browser's zone made it).
 */
export function exportInstant(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : d.toISOString().replace(/\.000Z$/, 'Z');
}

/**
 * Builds an .xlsx in the browser (the writer loads only when an export is asked for) and saves it,
 * after putting the export on the audit log (`record`: which list, with which filters).
 */
export async function exportXlsx<T>(
  rows: T[],
  columns: ExportColumn<T>[],
  sheet: string,
  fileName: string,
  record: Omit<ExportRecordBody, 'rows'>,
): Promise<void> {
  await recordExport({ ...record, rows: rows.length });
  const { default: writeXlsxFile } = await import('write-excel-file/browser');
  const data = [
    columns.map((c) => ({ value: c.header, fontWeight: 'bold' as const })),
    ...rows.map((row) =>
      columns.map((c) => {
        const v = c.value(row);
        return v === null || v === '' ? null : v;
      }),
    ),
  ];
  const blob = await writeXlsxFile(data, {
    sheet,
    columns: columns.map((c) => ({ width: c.width ?? 18 })),
    stickyRowsCount: 1,
  }).toBlob();
  saveBlob(blob, fileName);
}

export const USER_COLUMNS: ExportColumn<AdminUser>[] = [
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

export const TRANSACTION_COLUMNS: ExportColumn<Transaction>[] = [
  { header: 'Member ID', width: 38, value: (t) => t.user_id },
  { header: 'User', width: 24, value: (t) => t.user_name ?? 'Deleted user' },
  { header: 'Email', width: 32, value: (t) => t.user_email },
  { header: 'Plan', width: 12, value: (t) => titleCase(t.plan_name) },
  { header: 'Package', width: 14, value: (t) => t.package_name },
  { header: 'Tokens', width: 10, value: (t) => t.tokens },
  { header: 'Amount', width: 12, value: (t) => t.amount_paid / 100 },
  { header: 'Tax (GST)', width: 11, value: (t) => t.tax_minor / 100 },
  { header: 'Refunded', width: 11, value: (t) => t.refunded_minor / 100 },
  { header: 'Refunded tax', width: 12, value: (t) => t.refunded_tax_minor / 100 },
  { header: 'Net', width: 12, value: (t) => t.net_minor / 100 },
  { header: 'Currency', width: 10, value: (t) => t.currency },
  { header: 'Status', width: 18, value: (t) => transactionLabel(t.status) },
  { header: 'Refund requested', width: 16, value: (t) => (t.refund_requested ? 'Yes' : 'No') },
  { header: 'Date (UTC)', width: 22, value: (t) => exportInstant(t.created_at) },
  { header: 'Active Until (UTC)', width: 22, value: (t) => exportInstant(t.active_until) },
  { header: 'Payment ID', width: 26, value: (t) => t.razorpay_payment_id ?? paymentIdTail(null) },
  { header: 'Order ID', width: 26, value: (t) => t.razorpay_order_id },
  { header: 'Invoice', width: 22, value: (t) => t.invoice_number },
];

export const exportFileName = (what: string) => `${what}-${today()}.xlsx`;
