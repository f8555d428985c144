import { GST_PERCENT } from './constants.ts';
import { formatTokens } from './format.ts';

// ---------------------------------------------------------------------------------------------
// Pricing arithmetic, in integer minor units so web and server agree to the cent.

export interface PriceBreakdown {
  /** Package price, minor units. */
  price: number;
  /** GST on the price, minor units. */
  gst: number;
  /** price + gst, minor units: what the member is charged. */
  total: number;
}

/**
 * GST on a price in minor units, rounded half up to a whole minor unit
 * (docs/decisions/012-pricing-and-currency.md): 25 × 18% = 4.5 → 5.
 */
export function gstMinor(priceMinor: number, percent: number = GST_PERCENT): number {
  if (!Number.isSafeInteger(priceMinor) || priceMinor < 0) throw new RangeError('price must be a whole number of minor units');
  if (!Number.isInteger(percent) || percent < 0) throw new RangeError('GST percent must be a whole number');
  // Integer arithmetic only: floor((p·r + 50) / 100) is p·r/100 rounded half up.
  return Math.floor((priceMinor * percent + 50) / 100);
}

export function priceBreakdown(priceMinor: number, percent: number = GST_PERCENT): PriceBreakdown {
  const gst = gstMinor(priceMinor, percent);
  return { price: priceMinor, gst, total: priceMinor + gst };
}

/** Minor units → a display amount with 2 decimals (USD cents → dollars). */
export const minorToMajor = (minor: number) => Math.round(minor) / 100;

// ---------------------------------------------------------------------------------------------
// Texts with numbers in them (docs/product.md §8).

/** The 403 detail of a report the balance does not cover. */
export const insufficientTokensDetail = (required: number, available: number) =>
  `Insufficient tokens. Required: ${required}, Available: ${available}. Please purchase more tokens.`;

export const purchaseSucceededMessage = (tokens: number) => `Successfully purchased ${formatTokens(tokens)} tokens!`;
