import type { Queryable } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { INVOICE_COLUMNS, type InvoiceRow } from './invoice-row.ts';
import { sendInvoiceReceiptJob } from './send-invoice-receipt.ts';
import { sellerFrom } from './seller.ts';
import { nextDocumentNumber } from './next-document-number.ts';
import { GST_PERCENT, splitGst, stateOfGstin } from './tax.ts';
import { formatTokens } from '@assay/shared';

export type IssueInvoiceDeps = Pick<Deps, 'config' | 'queue'>;

/** The part of a purchase an expert review took (decision 234): its tokens and its wording. */
export interface ReviewLine {
  tokens: number;
  description: string;
}

/**
 * The review's own line (decision 234): its share of the taxable value in proportion to the
 * purchase's tokens it took, rounded down to a whole minor unit, the rest staying on the token
 * line, so the two lines add up to the taxable value exactly. The tax is not split or recomputed:
 * both lines are taxed at the order's one rate, and the tax is what was charged (splitGst).
 */
export function reviewLineOf(review: ReviewLine, p: { tokens: number; price_minor: number; package_name: string }, sac: string) {
  const tokens = Math.min(review.tokens, p.tokens);
  const taxableMinor = Math.floor((p.price_minor * tokens) / p.tokens);
  const kept = p.tokens - tokens;
  return {
    sac,
    tokens,
    taxableMinor,
    description: review.description,
    packageDescription:
      kept > 0
        ? `${p.package_name} token package: ${formatTokens(kept)} of its ${formatTokens(p.tokens)} tokens kept in the balance`
        : `${p.package_name} token package: ${formatTokens(p.tokens)} tokens`,
  };
}

interface PaidPayment {
  id: string;
  user_id: string | null;
  package_name: string;
  tokens: number;
  price_minor: number;
  gst_minor: number;
  amount: number;
  currency: string;
  razorpay_payment_id: string;
  buyer_name: string | null;
  buyer_email: string | null;
  buyer_phone: string | null;
  address: string | null;
  state_code: string | null;
  gstin: string | null;
  place_of_supply: string | null;
  buyer_country: string | null;
  lut_number: string | null;
}

/**
 * Issues the tax invoice of a captured payment, in the capture's own transaction (the caller
 * holds the payment row's lock): takes the next number of the financial year from its counter
 * row, copies the seller, the buyer and every figure onto the invoice, and queues the
 * purchase receipt that carries the PDF. Idempotent: a payment that has its invoice gets it back.
 *
 * The number is an UPDATE of the year's counter row, so concurrent captures take turns on that
 * row's lock and a capture that rolls back takes its number with it: numbers are gapless and
 * never reused (the table's trigger refuses any number not taken from the counter).
 */
export async function issueInvoice(tx: Queryable, deps: IssueInvoiceDeps, paymentId: string, review?: ReviewLine): Promise<InvoiceRow> {
  const existing = await tx.query<InvoiceRow>(`SELECT ${INVOICE_COLUMNS} FROM invoices WHERE payment_id = $1`, [paymentId]);
  if (existing.rows[0]) return existing.rows[0];

  const p = (
    await tx.query<PaidPayment>(
      `SELECT p.id, p.user_id, p.package_name, p.tokens, p.price_minor, p.gst_minor, p.amount, p.currency, p.razorpay_payment_id,
            u.name AS buyer_name, u.email AS buyer_email, u.phone AS buyer_phone, b.address, b.state_code, b.gstin,
            p.place_of_supply, p.buyer_country, p.lut_number
       FROM payments p
       LEFT JOIN users u ON u.id = p.user_id
       LEFT JOIN billing_profiles b ON b.user_id = p.user_id
      WHERE p.id = $1 AND p.status = 'paid'`,
      [paymentId],
    )
  ).rows[0];
  if (!p) throw new Error(`payment ${paymentId} is not paid: no invoice`);

  const seller = sellerFrom(deps.config);
  // Where the service is supplied: as recorded when the order was opened, which its tax was
  // computed for (docs/decisions/168-billing-country-and-place-of-supply.md). Orders opened
  // before that was recorded: the registered buyer's state, else the billing address's, else the
  // seller's own (docs/decisions/130-tax-invoices.md).
  const placeOfSupply = p.place_of_supply ?? (p.gstin ? stateOfGstin(p.gstin) : (p.state_code ?? seller.state_code));
  const tax = splitGst(p.gst_minor, placeOfSupply, seller.state_code);
  // An order taxed for India keeps that, whatever the profile says now (a GSTIN added later
  // would name another state); only an India order prints the GSTIN.
  const buyerGstin = (p.buyer_country ?? 'IN') === 'IN' ? p.gstin : null;

  const { number, fy, seq, issuedAt: now } = await nextDocumentNumber(tx, 'INV');
  const packageLine = `${p.package_name} token package: ${formatTokens(p.tokens)} tokens`;
  const line = review ? reviewLineOf(review, p, deps.config.REVIEW_INVOICE_SAC) : null;

  const r = await tx.query<InvoiceRow>(
    `INSERT INTO invoices (invoice_number, fy, seq, payment_id, user_id, issued_at, seller, buyer_name, buyer_email, buyer_phone,
                           buyer_address, buyer_gstin, place_of_supply, sac, description, tokens, currency, taxable_minor,
                           gst_percent, cgst_minor, sgst_minor, igst_minor, total_minor, provider_payment_id, buyer_country, lut_number,
                           review_sac, review_description, review_tokens, review_taxable_minor)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24, $25, $26,
             $27, $28, $29, $30)
     RETURNING ${INVOICE_COLUMNS}`,
    [
      number,
      fy,
      seq,
      p.id,
      p.user_id,
      now,
      JSON.stringify(seller),
      p.buyer_name ?? 'Account deleted',
      p.buyer_email ?? '',
      p.buyer_phone,
      p.address,
      buyerGstin,
      placeOfSupply,
      deps.config.INVOICE_SAC,
      line ? line.packageDescription : packageLine,
      p.tokens,
      p.currency,
      p.price_minor,
      p.gst_minor === 0 ? 0 : GST_PERCENT,
      tax.cgst,
      tax.sgst,
      tax.igst,
      p.amount,
      p.razorpay_payment_id,
      p.buyer_country,
      p.lut_number,
      line?.sac ?? null,
      line?.description ?? null,
      line?.tokens ?? null,
      line?.taxableMinor ?? null,
    ],
  );
  const invoice = r.rows[0]!;
  if (p.user_id) await deps.queue.enqueue(tx, sendInvoiceReceiptJob, { invoice_number: invoice.invoice_number });
  return invoice;
}
