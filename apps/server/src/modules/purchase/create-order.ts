import { randomUUID } from 'node:crypto';
import { BILLING_MESSAGES, endpointUrl, MSG, purchaseEndpoints, priceBreakdown, type CreateOrderResponse } from '@assay/shared';
import { PaymentProviderError, type PaymentProvider } from '../../adapters/payments/payment-provider.ts';
import { AppError, conflict, notFound, unauthorized } from '../../lib/errors.ts';
import { hitRateLimit } from '../../lib/rate-limit.ts';
import { readBillingProfile, supplyTerms } from '../billing/index.ts';
import { checkReviewPurchase, recordReviewPurchase, type ReviewPurchaseInput } from '../experts/index.ts';
import { findActivePackage, packagePriceMinor, toPackageView } from '../tokens/index.ts';
import { findUserById } from '../users/index.ts';
import type { PurchaseDeps } from './purchase-deps.ts';

/** Orders a member may open per window: generous for retries, a wall against scripted abuse. */
const ORDERS_PER_WINDOW = 30;
const ORDER_WINDOW_SECONDS = 600;

/**
 * Opens a payment order for a package: its price and the GST its place of supply calls for (the
 * member's billing country and state, docs/decisions/168-billing-country-and-place-of-supply.md),
 * in minor units of the configured charge currency, ordered from the provider, recorded as a
 * 'created' payment with the place of supply it was taxed for. 409 until a country is on record.
 * With `review`, the package is bought for an expert review the balance is short of (decision 234):
 * checked before the member pays, and recorded with the payment to be opened at its capture.
 */
export async function createOrder(
  deps: PurchaseDeps,
  provider: PaymentProvider,
  userId: string,
  packageId: string,
  review?: ReviewPurchaseInput,
): Promise<CreateOrderResponse> {
  const { db, config, log } = deps;
  const pkg = await findActivePackage(db, packageId);
  if (!pkg) throw notFound(MSG.packageNotFound, 'package_not_found');
  const user = await findUserById(db, userId);
  if (!user) throw unauthorized();
  const terms = supplyTerms(await readBillingProfile(db, userId), config.GST_LUT_NUMBER);
  if (!terms) throw conflict(BILLING_MESSAGES.billingCountryRequired, 'billing_country_required');
  if (review) await checkReviewPurchase(db, userId, review, pkg.tokens);
  await hitRateLimit(db, `create-order:${userId}`, ORDERS_PER_WINDOW, ORDER_WINDOW_SECONDS);

  const currency = config.PAYMENT_CURRENCY;
  const priceMinor = await packagePriceMinor(db, pkg, currency);
  if (priceMinor === undefined) {
    log.error({ packageId, currency }, `package ${packageId} has no ${currency} price: add one to token_package_prices`);
    throw new AppError(503, MSG.purchaseFailed, 'price_unavailable');
  }
  const breakdown = priceBreakdown(priceMinor, terms.gst_percent);

  // Our payment id is chosen first so the receipt (≤ 40 characters) names this very row,
  // which ties the order to the member and the package; the notes say so in full.
  const paymentId = randomUUID();
  const receipt = `rcpt_${paymentId.replaceAll('-', '')}`;
  let order;
  try {
    order = await provider.createOrder({
      amount: breakdown.total,
      currency,
      receipt,
      notes: { payment_id: paymentId, user_id: userId, package_id: pkg.id, tokens: String(pkg.tokens) },
    });
  } catch (err) {
    log.error({ err: err instanceof PaymentProviderError ? err.message : err, packageId }, 'payment order creation failed');
    throw new AppError(502, MSG.purchaseFailed, 'payment_provider_unavailable');
  }

  await db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO payments (id, user_id, package_id, package_name, tokens, price_minor, gst_minor, amount, currency,
                             provider, receipt, razorpay_order_id, place_of_supply, buyer_country, lut_number)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`,
      [
        paymentId,
        userId,
        pkg.id,
        pkg.name,
        pkg.tokens,
        breakdown.price,
        breakdown.gst,
        breakdown.total,
        currency,
        provider.kind,
        receipt,
        order.id,
        terms.place_of_supply,
        terms.buyer_country,
        terms.lut_number,
      ],
    );
    if (review) await recordReviewPurchase(tx, paymentId, userId, review);
  });

  return {
    order_id: order.id,
    amount: breakdown.total,
    currency,
    key_id: provider.keyId,
    provider: provider.kind,
    package: toPackageView(pkg),
    price_breakdown: { ...breakdown, gst_percent: terms.gst_percent },
    prefill: { name: user.name, email: user.email, contact: user.phone ?? '' },
    ...(provider.kind === 'sandbox'
      ? { checkout_url: endpointUrl(purchaseEndpoints.sandboxCheckout, { query: { order_id: order.id } }) }
      : {}),
  };
}
