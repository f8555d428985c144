import type { Queryable } from '../../db/client.ts';
import { financialYearOf, formatInvoiceNumber } from './tax.ts';

/**
 * The next number of a tax document series (invoices `INV`, credit notes `CN`) in the current
 * financial year, taken in the caller's transaction from the year's `invoice_counters` row: the
 * row lock queues concurrent issuers and a rollback takes its increment with it, so the series has
 * no gap and never reuses a number (docs/decisions/130-tax-invoices.md).
 */
export async function nextDocumentNumber(tx: Queryable, series: 'INV' | 'CN') {
  const now = (await tx.query<{ now: Date }>('SELECT now() AS now')).rows[0]!.now;
  const fy = financialYearOf(now);
  const seq = (
    await tx.query<{ last_number: number }>(
      `INSERT INTO invoice_counters (series, fy, last_number) VALUES ($1, $2, 1)
     ON CONFLICT (series, fy) DO UPDATE SET last_number = invoice_counters.last_number + 1
     RETURNING last_number`,
      [series, fy],
    )
  ).rows[0]!.last_number;
  return { number: formatInvoiceNumber(series, fy, seq), fy, seq, issuedAt: now };
}
