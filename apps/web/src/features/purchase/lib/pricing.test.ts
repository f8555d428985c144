import { formatMoney } from '@assay/shared';
import { describe, expect, it } from 'vitest';
import { order, pkg } from '../test-support.tsx';
import { reportsFor, reviewBreakdown, savingCents, toCents, withEnterprise } from './pricing.ts';

describe('the saving of a package', () => {
  it('is the old price minus the price, in whole cents', () => {
    expect(savingCents({ price_usd: 129, original_price_usd: 149 })).toBe(2000);
    // 0.1-style float noise must not leak into the amount: 149.99 - 129.49 is 20.50 exactly.
    expect(savingCents({ price_usd: 129.49, original_price_usd: 149.99 })).toBe(2050);
    expect(formatMoney(savingCents({ price_usd: 0.1, original_price_usd: 0.3 })!, 'USD')).toBe('$0.20');
  });

  it('is nothing when there is no old price, or it is not higher', () => {
    expect(savingCents({ price_usd: 49, original_price_usd: null })).toBeUndefined();
    expect(savingCents({ price_usd: 49, original_price_usd: 49 })).toBeUndefined();
    expect(savingCents({ price_usd: 49, original_price_usd: 39 })).toBeUndefined();
  });
});

describe('the review breakdown', () => {
  it('adds 18% GST to the price in integer cents', () => {
    expect(reviewBreakdown(pkg({ price_usd: 129 }))).toEqual({ currency: 'USD', price: 12900, gst: 2322, total: 15222, gstPercent: 18 });
    expect(reviewBreakdown(pkg({ price_usd: 49 }))).toMatchObject({ price: 4900, gst: 882, total: 5782 });
    // 4999 × 18% = 899.82 cents → 900; 25 × 18% = 4.5 cents → 5 (half up, like the server).
    expect(reviewBreakdown(pkg({ price_usd: 49.99 }))).toMatchObject({ price: 4999, gst: 900, total: 5899 });
    expect(reviewBreakdown(pkg({ price_usd: 0.25 }))).toMatchObject({ price: 25, gst: 5, total: 30 });
    // A price that is not exact in binary still becomes whole cents.
    expect(toCents(19.99)).toBe(1999);
    expect(reviewBreakdown(pkg({ price_usd: 19.99 }))).toMatchObject({ price: 1999, gst: 360, total: 2359 });
  });

  it("shows the server's numbers once the order exists", () => {
    const o = order({ currency: 'INR', price_breakdown: { price: 1075000, gst: 193500, total: 1268500, gst_percent: 18 } });
    expect(reviewBreakdown(pkg({ price_usd: 129 }), o)).toEqual({
      currency: 'INR',
      price: 1075000,
      gst: 193500,
      total: 1268500,
      gstPercent: 18,
    });
    expect(formatMoney(1268500, 'INR')).toBe('₹12,685.00');
  });
});

describe('the grid', () => {
  it('adds the Enterprise card: 100,000 tokens, contact-only', () => {
    const offers = withEnterprise([pkg()]);
    expect(offers.map((o) => o.id)).toEqual(['pro', 'enterprise']);
    expect(offers[1]).toMatchObject({ tokens: 100000, contactOnly: true });
    expect(offers[0]!.contactOnly).toBe(false);
  });

  it('says how many reports of each type the tokens pay for', () => {
    expect(reportsFor(30000)).toEqual({ basic: 12, advanced: 4, comprehensive: 3 });
    expect(reportsFor(2499)).toEqual({ basic: 0, advanced: 0, comprehensive: 0 });
  });
});
