import { describe, expect, it } from 'vitest';
import { gstMinor } from '@assay/shared';
import { financialYearOf, formatInvoiceNumber, splitGst, supplyTerms } from './tax.ts';

describe('financialYearOf', () => {
  it('runs April to March in India time', () => {
    expect(financialYearOf(new Date('2026-04-01T00:00:00+05:30'))).toBe('2026-27');
    expect(financialYearOf(new Date('2026-03-31T23:59:59+05:30'))).toBe('2025-26');
    // 31 March 19:00 UTC is already 1 April in India.
    expect(financialYearOf(new Date('2027-03-31T19:00:00Z'))).toBe('2027-28');
    expect(financialYearOf(new Date('2099-12-31T00:00:00Z'))).toBe('2099-00');
  });
  it('numbers invoices INV/<fy>/<six digits>', () => {
    expect(formatInvoiceNumber('INV', '2026-27', 123)).toBe('INV/2026-27/000123');
  });
});

describe('splitGst', () => {
  it("splits the 18 % into CGST 9 + SGST 9 within the seller's state, IGST 18 across states, summing to the tax charged", () => {
    for (const price of [1, 3, 99, 4900, 12900, 34900, 123457]) {
      const gst = gstMinor(price, 18);
      const intra = splitGst(gst, '29', '29');
      expect(intra.cgst + intra.sgst).toBe(gst);
      expect(Math.abs(intra.cgst - intra.sgst)).toBeLessThanOrEqual(1);
      expect(intra.igst).toBe(0);
      expect(splitGst(gst, '27', '29')).toEqual({ cgst: 0, sgst: 0, igst: gst });
    }
    expect(splitGst(2322, '29', '29')).toEqual({ cgst: 1161, sgst: 1161, igst: 0 });
  });
});

describe('supplyTerms', () => {
  const none = { state_code: null, gstin: null };
  it('decides the place of supply and the rate from the country, the state and the GSTIN', () => {
    expect(supplyTerms({ country: null, ...none }, 'LUT1')).toBeUndefined();
    expect(supplyTerms({ country: 'IN', ...none }, 'LUT1')).toBeUndefined();
    expect(supplyTerms({ country: 'IN', state_code: '29', gstin: null }, 'LUT1')).toEqual({
      buyer_country: 'IN',
      place_of_supply: '29',
      gst_percent: 18,
      lut_number: null,
    });
    // A registered buyer is supplied where the GSTIN is registered.
    expect(supplyTerms({ country: 'IN', state_code: '29', gstin: '27ABCDE1234F1Z5' }, undefined)?.place_of_supply).toBe('27');
    expect(supplyTerms({ country: 'JP', ...none }, 'LUT1')).toEqual({
      buyer_country: 'JP',
      place_of_supply: '96',
      gst_percent: 0,
      lut_number: 'LUT1',
    });
    // No LUT on file: an export on payment of IGST.
    expect(supplyTerms({ country: 'JP', ...none }, undefined)).toEqual({
      buyer_country: 'JP',
      place_of_supply: '96',
      gst_percent: 18,
      lut_number: null,
    });
  });
});
