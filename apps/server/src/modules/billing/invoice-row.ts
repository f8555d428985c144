import type { Queryable } from '../../db/client.ts';
import type { Seller } from './seller.ts';

/** An issued invoice, as stored: everything its PDF shows. */
export interface InvoiceRow {
  id: string;
  invoice_number: string;
  fy: string;
  seq: number;
  payment_id: string;
  user_id: string | null;
  issued_at: Date;
  seller: Seller;
  buyer_name: string;
  buyer_email: string;
  buyer_phone: string | null;
  buyer_address: string | null;
  buyer_gstin: string | null;
  buyer_anonymised_at: Date | null;
  place_of_supply: string;
  sac: string;
  description: string;
  tokens: number;
  currency: string;
  taxable_minor: number;
  gst_percent: number;
  cgst_minor: number;
  sgst_minor: number;
  igst_minor: number;
  total_minor: number;
  provider_payment_id: string;
  /** ISO 3166-1 alpha-2; null on invoices issued before it was recorded. */
  buyer_country: string | null;
  /** The LUT a zero-rated export was supplied under. */
  lut_number: string | null;
  /** An expert review the purchase paid for (decision 234): its own SAC line, its tokens and share of the taxable value. */
  review_sac: string | null;
  review_description: string | null;
  review_tokens: number | null;
  review_taxable_minor: number | null;
}

export const INVOICE_COLUMNS = `id, invoice_number, fy, seq, payment_id, user_id, issued_at, seller, buyer_name, buyer_email,
  buyer_phone, buyer_address, buyer_gstin, buyer_anonymised_at, place_of_supply, sac, description, tokens, currency,
  taxable_minor, gst_percent, cgst_minor, sgst_minor, igst_minor, total_minor, provider_payment_id, buyer_country, lut_number,
  review_sac, review_description, review_tokens, review_taxable_minor`;

/**
 * What the invoice sold, line by line, each with its SAC and taxable value: the expert review a
 * purchase paid for, when it did (decision 234), and the token package for the rest — omitted
 * when the review took every token. The lines add up to the taxable value.
 */
export function invoiceLines(
  inv: Pick<InvoiceRow, 'sac' | 'description' | 'taxable_minor' | 'review_sac' | 'review_description' | 'review_taxable_minor'>,
) {
  const review =
    inv.review_sac && inv.review_description && inv.review_taxable_minor !== null
      ? [{ sac: inv.review_sac, description: inv.review_description, taxable_minor: inv.review_taxable_minor }]
      : [];
  const rest = inv.taxable_minor - (review[0]?.taxable_minor ?? 0);
  return [...review, ...(rest > 0 || !review.length ? [{ sac: inv.sac, description: inv.description, taxable_minor: rest }] : [])];
}

const parsed = (row: InvoiceRow): InvoiceRow => ({
  ...row,
  seller: typeof row.seller === 'string' ? (JSON.parse(row.seller) as Seller) : row.seller,
});

export async function findInvoiceByNumber(db: Queryable, invoiceNumber: string): Promise<InvoiceRow | undefined> {
  const r = await db.query<InvoiceRow>(`SELECT ${INVOICE_COLUMNS} FROM invoices WHERE invoice_number = $1`, [invoiceNumber]);
  return r.rows[0] && parsed(r.rows[0]);
}

/** Who an invoice belongs to (null once the buyer was anonymised), without the rest of the row. */
export async function findInvoiceOwner(db: Queryable, invoiceNumber: string): Promise<{ user_id: string | null } | undefined> {
  return (await db.query<{ user_id: string | null }>('SELECT user_id FROM invoices WHERE invoice_number = $1', [invoiceNumber])).rows[0];
}

export async function listInvoicesOf(db: Queryable, userId: string): Promise<InvoiceRow[]> {
  const r = await db.query<InvoiceRow>(`SELECT ${INVOICE_COLUMNS} FROM invoices WHERE user_id = $1 ORDER BY fy, seq`, [userId]);
  return r.rows.map(parsed);
}

/** Where receipt mails kept an invoice's PDF before it was stored once (stored-document.ts adds the claim to it). */
export const invoiceBlobKey = (invoiceNumber: string) => `invoices/${invoiceNumber.replaceAll('/', '-')}.pdf`;
export const invoiceFileName = (invoiceNumber: string) => `${invoiceNumber.replaceAll('/', '-')}.pdf`;
