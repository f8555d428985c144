import { describe, expect, it } from 'vitest';
import { gstMinor, insufficientTokensDetail, minorToMajor, priceBreakdown, purchaseSucceededMessage } from './tokens.ts';

describe('GST arithmetic in minor units', () => {
  it.each([
    [4900, 882, 5782], // Starter $49.00
    [12900, 2322, 15222], // Pro $129.00
    [34900, 6282, 41182], // Max $349.00
    [4999, 900, 5899], // 899.82 rounds up
    [25, 5, 30], // 4.5: half rounds up
    [3, 1, 4], // 0.54 rounds up
    [2, 0, 2], // 0.36 rounds down
    [1, 0, 1],
    [0, 0, 0],
  ])('18%% GST on %i is %i, total %i', (price, gst, total) => {
    expect(priceBreakdown(price)).toEqual({ price, gst, total });
  });

  it('takes another whole percent, and refuses fractions of a minor unit', () => {
    expect(gstMinor(1000, 5)).toBe(50);
    expect(() => gstMinor(10.5)).toThrow(RangeError);
    expect(() => gstMinor(-1)).toThrow(RangeError);
  });

  it('shows cents as dollars with 2 decimals', () => {
    expect(minorToMajor(12900)).toBe(129);
    expect(minorToMajor(15222)).toBe(152.22);
  });
});

describe('token texts', () => {
  it('words the insufficient-tokens detail as the spec does', () => {
    expect(insufficientTokensDetail(9000, 2500)).toBe('Insufficient tokens. Required: 9000, Available: 2500. Please purchase more tokens.');
    expect(purchaseSucceededMessage(30000)).toBe('Successfully purchased 30,000 tokens!');
  });
});
