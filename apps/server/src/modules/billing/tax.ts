import { GST_PERCENT, INDIA, OUTSIDE_INDIA } from '@assay/shared';

/** A GST state code (two digits), the first two characters of a GSTIN. */
export const stateOfGstin = (gstin: string) => gstin.slice(0, 2);

/** How an order is supplied and taxed, decided once when it is opened and stored on it. */
export interface SupplyTerms {
  buyer_country: string;
  /** A GST state code; OUTSIDE_INDIA ('96') for an export. */
  place_of_supply: string;
  gst_percent: number;
  /** The LUT an export is zero-rated under; null otherwise. */
  lut_number: string | null;
}

/**
 * The place of supply and the GST rate of a purchase from what the member gave
 * (docs/decisions/168-billing-country-and-place-of-supply.md): in India the state of the GSTIN,
 * else of the billing address (CGST + SGST in the seller's state, IGST elsewhere: splitGst);
 * outside India an export of services (IGST Act s. 2(6)), zero-rated under the seller's LUT when
 * one is configured, else charged IGST (export with payment of tax). Undefined without a country.
 */
export function supplyTerms(
  profile: { country: string | null; state_code: string | null; gstin: string | null },
  lutNumber: string | undefined,
): SupplyTerms | undefined {
  if (!profile.country) return undefined;
  if (profile.country === INDIA) {
    const place = profile.gstin ? stateOfGstin(profile.gstin) : profile.state_code;
    // The database refuses India without a state; this guards a caller passing a bare object.
    if (!place) return undefined;
    return { buyer_country: INDIA, place_of_supply: place, gst_percent: GST_PERCENT, lut_number: null };
  }
  return lutNumber
    ? { buyer_country: profile.country, place_of_supply: OUTSIDE_INDIA, gst_percent: 0, lut_number: lutNumber }
    : { buyer_country: profile.country, place_of_supply: OUTSIDE_INDIA, gst_percent: GST_PERCENT, lut_number: null };
}

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

export const formatInvoiceNumber = (series: 'INV' | 'CN', fy: string, seq: number) => `${series}/${fy}/${String(seq).padStart(6, '0')}`;
