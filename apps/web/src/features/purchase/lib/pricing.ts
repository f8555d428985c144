import {
  COMPLEXITIES,
  ENTERPRISE_TOKENS,
  formatMoney,
  GST_PERCENT,
  priceBreakdown,
  REPORT_COSTS,
  type Complexity,
  type CreateOrderResponse,
  type TokenPackage,
} from '@assay/shared';

/**
 * Money on the client is integer minor units (cents): dollars from the API are turned into
 * cents once, every sum is done on integers, and only the display divides by 100.
 */
export const toCents = (usd: number) => Math.round(usd * 100);

/** A catalogue price in dollars, written by the one money formatter: 129 → '$129.00'. */
export const formatUsd = (usd: number) => formatMoney(toCents(usd), 'USD');

/** The saving in cents when the old price is higher than the price; otherwise undefined (nothing is struck through). */
export function savingCents(pkg: Pick<TokenPackage, 'price_usd' | 'original_price_usd'>): number | undefined {
  if (pkg.original_price_usd == null) return undefined;
  const diff = toCents(pkg.original_price_usd) - toCents(pkg.price_usd);
  return diff > 0 ? diff : undefined;
}

export interface ReviewBreakdown {
  currency: string;
  /** Minor units. */
  price: number;
  gst: number;
  total: number;
  gstPercent: number;
}

/**
 * What the review step shows: the server's breakdown once an order exists (its numbers win),
 * before that the same integer arithmetic the server uses on the USD price.
 */
export function reviewBreakdown(
  pkg: Pick<TokenPackage, 'price_usd'>,
  order?: CreateOrderResponse,
  /** The GST the member's billing details call for (0: an export zero-rated under the LUT). */
  gstPercent: number = GST_PERCENT,
): ReviewBreakdown {
  if (order) {
    const b = order.price_breakdown;
    return { currency: order.currency, price: b.price, gst: b.gst, total: b.total, gstPercent: b.gst_percent };
  }
  const b = priceBreakdown(toCents(pkg.price_usd), gstPercent);
  return { currency: 'USD', ...b, gstPercent };
}

/** How many reports of each type the tokens pay for. */
export function reportsFor(tokens: number): Record<Complexity, number> {
  return Object.fromEntries(COMPLEXITIES.map((c) => [c, Math.floor(tokens / REPORT_COSTS[c])])) as Record<Complexity, number>;
}

/** A grid entry: a package from the API, or the Enterprise card the client adds. */
export interface PackageOffer extends TokenPackage {
  /** Contact sales instead of buying. */
  contactOnly?: boolean;
}

/** docs/product.md §3: the fixed Enterprise card, 100,000 tokens, price 'Custom', contact-only. */
export const ENTERPRISE_OFFER: PackageOffer = {
  id: 'enterprise',
  name: 'Enterprise',
  package_type: 'enterprise',
  tokens: ENTERPRISE_TOKENS,
  price_usd: 0,
  original_price_usd: null,
  description: 'For universities, tech-transfer offices and corporate teams assessing many technologies.',
  most_popular: false,
  gst_usd: 0,
  total_usd: 0,
  contactOnly: true,
};

export const ENTERPRISE_CONTACT_PATH = '/contact?reason=custom_pricing';

/** The API's packages plus the Enterprise card (unless the API already sells an enterprise package). */
export function withEnterprise(packages: TokenPackage[]): PackageOffer[] {
  const offers: PackageOffer[] = packages.map((p) => ({ ...p, contactOnly: p.package_type === 'enterprise' && p.price_usd <= 0 }));
  if (!packages.some((p) => p.package_type === 'enterprise')) offers.push(ENTERPRISE_OFFER);
  return offers;
}

/** docs/product.md §3: the 'pro' package is flagged Most Popular (the API's flag counts too). */
export const isMostPopular = (pkg: TokenPackage) => pkg.package_type === 'pro' || pkg.most_popular;
