import { z } from 'zod';
import { createReviewRequest } from './experts.ts';
import { lineText, pathParam } from './fields.ts';

/** Contracts of the token and payment endpoints (docs/product.md §3, §4 and §7). */

// Pricing arithmetic and the texts with amounts in them live in ../pricing.ts, apart from the
// schemas, so that a page using them does not load the schema library.
export {
  gstMinor,
  insufficientTokensDetail,
  minorToMajor,
  priceBreakdown,
  purchaseSucceededMessage,
  type PriceBreakdown,
} from '../pricing.ts';

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
  /** Tokens of packages whose refund is pending: kept whole for the decision, not spendable. */
  refund_pending_tokens: z.number().int(),
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
  /**
   * Bought to pay for an expert review the balance was short of (decision 234): the request the
   * member confirmed, opened when the payment is captured; the invoice names the review.
   */
  review: createReviewRequest.extend({ report_id: pathParam(100) }).optional(),
});
export type CreateOrderRequest = z.infer<typeof createOrderRequest>;
/** The review a purchase is made for, as a client sends it (decision 234). */
export type ReviewPurchaseRequest = NonNullable<z.input<typeof createOrderRequest>['review']>;

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

const providerId = (what: string) => lineText(`${what} is required`).trim().min(1, `${what} is required`).max(200, `${what} is invalid`);

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
  /** A purchase made for an expert review: the request it opened, or why it could not (decision 234). */
  review_request: z.object({ id: z.string().nullable(), refusal: z.string().nullable() }).nullable().optional(),
});
export type VerifyPaymentResponse = z.infer<typeof verifyPaymentResponse>;

// ---------------------------------------------------------------------------------------------
// The local sandbox checkout (used when no Razorpay keys are configured).

export const sandboxOrderRequest = z.object({ order_id: providerId('order_id') });

/** POST /tokens/purchase/abandon-order: the member closed the checkout without paying. */
export const abandonOrderRequest = z.object({ order_id: providerId('order_id') });
export const abandonOrderResponse = z.object({ status: z.enum(['failed', 'paid']) });

/** The checkout page answers a friendly page for a missing or unknown order, so the id is only bounded. */
export const sandboxCheckoutQuery = z.object({ order_id: lineText().max(200).default('') });

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
