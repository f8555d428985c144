import type { AdminUser, Transaction } from '@assay/shared';
import { formatDateTime, paymentIdTail } from './format.ts';
import { saveBlob } from '../../../lib/download.ts';
import { today } from './today.ts';

/** One column of an export: a header and how to read a row's cell. */
export interface ExportColumn<T> {
  header: string;
  width?: number;
  value: (row: T) => string | number | boolean | null;
}

/** Builds an .xlsx in the browser (the writer loads only when an export is asked for) and saves it. */
export async function exportXlsx<T>(rows: T[], columns: ExportColumn<T>[], sheet: string, fileName: string): Promise<void> {
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
  { header: 'Name', width: 24, value: (u) => u.name },
  { header: 'Email', width: 32, value: (u) => u.email },
  { header: 'Phone', width: 18, value: (u) => u.phone },
  { header: 'Plan', width: 14, value: (u) => u.plan_name },
  { header: 'Subscription Status', width: 18, value: (u) => u.subscription_status },
  { header: 'Reports Generated', width: 16, value: (u) => u.reports_generated },
  { header: 'Available Tokens', width: 16, value: (u) => u.available_tokens },
  { header: 'Verified', width: 10, value: (u) => (u.is_verified ? 'Yes' : 'No') },
  { header: 'Joined', width: 22, value: (u) => formatDateTime(u.created_at) },
  { header: 'Last Login', width: 22, value: (u) => (u.last_login ? formatDateTime(u.last_login) : 'Never') },
];

export const TRANSACTION_COLUMNS: ExportColumn<Transaction>[] = [
  { header: 'User', width: 24, value: (t) => t.user_name ?? 'Deleted user' },
  { header: 'Email', width: 32, value: (t) => t.user_email },
  { header: 'Plan', width: 12, value: (t) => t.plan_name },
  { header: 'Package', width: 14, value: (t) => t.package_name },
  { header: 'Tokens', width: 10, value: (t) => t.tokens },
  { header: 'Amount', width: 12, value: (t) => t.amount_paid / 100 },
  { header: 'Currency', width: 10, value: (t) => t.currency },
  { header: 'Status', width: 12, value: (t) => t.status },
  { header: 'Date', width: 22, value: (t) => formatDateTime(t.created_at) },
  { header: 'Active Until', width: 22, value: (t) => (t.active_until ? formatDateTime(t.active_until) : null) },
  { header: 'Payment ID', width: 26, value: (t) => t.razorpay_payment_id ?? paymentIdTail(null) },
  { header: 'Order ID', width: 26, value: (t) => t.razorpay_order_id },
  { header: 'Invoice', width: 22, value: (t) => t.invoice_number },
];

export const exportFileName = (what: string) => `${what}-${today()}.xlsx`;
