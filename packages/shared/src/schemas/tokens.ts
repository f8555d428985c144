import { z } from 'zod';
import { GST_PERCENT } from '../constants.ts';
import { lineText } from './fields.ts';

/** Contracts of the token and payment endpoints (SPEC sections 3, 4 and 7). */

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
// Texts with numbers in them (SPEC section 8).

/** The 403 detail of a report the balance does not cover. */
export const insufficientTokensDetail = (required: number, available: number) =>
  `Insufficient tokens. Required: ${required}, Available: ${available}. Please purchase more tokens.`;

export const purchaseSucceededMessage = (tokens: number) =>
  `Successfully purchased ${tokens.toLocaleString('en-US')} tokens!`;

// ---------------------------------------------------------------------------------------------
// Packages and balance.

export const PACKAGE_TYPES = ['starter', 'pro', 'max', 'enterprise'] as const;
export type PackageType = (typeof PACKAGE_TYPES)[number];

export const tokenPackageSchema = z.object({
  id: z.string(),
  name: z.string(),
  package_type: z.enum(PACKAGE_TYPES),
  tokens: z.number().int(),
  /** USD with 2 decimals. */
  price_usd: z.number(),
  /** The old price, struck through when greater than price_usd. */
  original_price_usd: z.number().nullable(),
  description: z.string(),
  most_popular: z.boolean(),
  /** GST on price_usd and the total a member pays, USD with 2 decimals. */
  gst_usd: z.number(),
  total_usd: z.number(),
});
export type TokenPackage = z.infer<typeof tokenPackageSchema>;

export const tokenPackagesResponse = z.array(tokenPackageSchema);

export const tokenBalanceSchema = z.object({
  /** Unexpired, unspent tokens, not counting those held for reports in progress. */
  available_tokens: z.number().int(),
  paid_tokens: z.number().int(),
  /** Promotional tokens (signup bonus). */
  bonus_tokens: z.number().int(),
  /** Tokens set aside for reports still being generated. */
  held_tokens: z.number().int(),
  /** When the next lot with tokens left expires (ISO 8601), or null. */
  next_expiry: z.string().nullable(),
});
export type TokenBalance = z.infer<typeof tokenBalanceSchema>;

// ---------------------------------------------------------------------------------------------
// Purchase.

export const createOrderRequest = z.object({
  package_id: lineText('Please choose a token package')
    .trim()
    .min(1, 'Please choose a token package')
    .max(64, 'This token package is not available. Please choose another package.'),
});
export type CreateOrderRequest = z.infer<typeof createOrderRequest>;

export const priceBreakdownSchema = z.object({
  price: z.number().int(),
  gst: z.number().int(),
  total: z.number().int(),
  gst_percent: z.number().int(),
});

export const createOrderResponse = z.object({
  order_id: z.string(),
  /** Total charged incl. GST, minor units of `currency`. */
  amount: z.number().int(),
  currency: z.string(),
  /** The provider's public key id for its checkout. */
  key_id: z.string(),
  provider: z.enum(['razorpay', 'sandbox']),
  package: tokenPackageSchema,
  /** Minor units of `currency`. */
  price_breakdown: priceBreakdownSchema,
  /** For Razorpay Checkout's prefill. */
  prefill: z.object({ name: z.string(), email: z.string(), contact: z.string() }),
  /** Sandbox only: the local checkout page to open in a popup. */
  checkout_url: z.string().optional(),
});
export type CreateOrderResponse = z.infer<typeof createOrderResponse>;

const providerId = (what: string) =>
  lineText(`${what} is required`).trim().min(1, `${what} is required`).max(200, `${what} is invalid`);

export const verifyPaymentRequest = z.object({
  razorpay_payment_id: providerId('razorpay_payment_id'),
  razorpay_order_id: providerId('razorpay_order_id'),
  razorpay_signature: providerId('razorpay_signature'),
});
export type VerifyPaymentRequest = z.infer<typeof verifyPaymentRequest>;

export const verifyPaymentResponse = z.object({
  success: z.literal(true),
  tokens_added: z.number().int(),
  available_tokens: z.number().int(),
  message: z.string(),
});
export type VerifyPaymentResponse = z.infer<typeof verifyPaymentResponse>;

// ---------------------------------------------------------------------------------------------
// The local sandbox checkout (used when no Razorpay keys are configured).

export const sandboxOrderRequest = z.object({ order_id: providerId('order_id') });

/** What Razorpay Checkout hands its success handler; the sandbox produces the same. */
export const sandboxApproveResponse = verifyPaymentRequest;

export const sandboxDeclineResponse = z.object({ error: z.object({ code: z.string(), description: z.string() }) });

/** Posted by the sandbox checkout popup to its opener (same origin). */
export const SANDBOX_CHECKOUT_MESSAGE = 'assay:sandbox-checkout';
export type SandboxCheckoutMessage =
  | { type: typeof SANDBOX_CHECKOUT_MESSAGE; status: 'success'; response: VerifyPaymentRequest }
  | { type: typeof SANDBOX_CHECKOUT_MESSAGE; status: 'failed'; error: { code: string; description: string } }
  /** The popup asks its opener for the member's access token (approve and decline need it). */
  | { type: typeof SANDBOX_CHECKOUT_MESSAGE; status: 'ready' };
/** The opener's answer to `ready`: the popup has no session of its own (the token lives in memory). */
export type SandboxCheckoutToken = { type: typeof SANDBOX_CHECKOUT_MESSAGE; status: 'token'; token: string };

export const webhookAckSchema = z.object({ status: z.enum(['accepted', 'duplicate']) });
