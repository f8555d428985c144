import { GST_PERCENT } from '@assay/shared';

/** A GST state code (two digits), the first two characters of a GSTIN. */
export const stateOfGstin = (gstin: string) => gstin.slice(0, 2);

/**
 * Splits the GST charged on a payment the way the invoice shows it: CGST + SGST (half each)
 * when the place of supply is the seller's own state, otherwise IGST. The tax itself was
 * computed once, at order time (price + 18 %, payments.gst_minor); it is split here, never
 * recomputed, so the invoice total is exactly what was charged. An odd number of minor units
 * leaves the extra one with CGST.
 */
export function splitGst(gstMinor: number, placeOfSupply: string, sellerState: string) {
  if (placeOfSupply === sellerState) {
    const sgst = Math.floor(gstMinor / 2);
    return { cgst: gstMinor - sgst, sgst, igst: 0 };
  }
  return { cgst: 0, sgst: 0, igst: gstMinor };
}

export { GST_PERCENT };

/**
 * The Indian financial year (April to March, in India's time) a moment falls in, as printed in
 * invoice numbers: 2026-27 runs from 1 April 2026 00:00 IST to 31 March 2027.
 */
export function financialYearOf(at: Date): string {
  const ist = new Date(at.getTime() + 330 * 60_000);
  const year = ist.getUTCFullYear();
  const start = ist.getUTCMonth() >= 3 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

export const formatInvoiceNumber = (series: 'INV' | 'CN', fy: string, seq: number) =>
  `${series}/${fy}/${String(seq).padStart(6, '0')}`;
