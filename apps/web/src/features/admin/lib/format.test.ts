import { describe, expect, it } from 'vitest';
import { paymentIdTail, postStatusTone, purchaseBreakdown, revenueFigures, transactionLabel, transactionTone } from './format.ts';

describe('Payment ID', () => {
  it('shows the last 8 characters', () => {
    expect(paymentIdTail('pay_sbx_AbCdEfGhIjKlMn')).toBe('GhIjKlMn');
    expect(paymentIdTail('pay_Q1w2E3r4T5y6U7')).toBe('r4T5y6U7');
  });
  it('shows a short id whole', () => {
    expect(paymentIdTail('12345678')).toBe('12345678');
    expect(paymentIdTail('abc')).toBe('abc');
  });
  it('shows N/A without one', () => {
    expect(paymentIdTail(null)).toBe('N/A');
    expect(paymentIdTail(undefined)).toBe('N/A');
    expect(paymentIdTail('')).toBe('N/A');
    expect(paymentIdTail('   ')).toBe('N/A');
  });
});

describe('status badges', () => {
  it('payments: paid is success, failed danger, pending warning, refunds informational', () => {
    expect(transactionTone('paid')).toBe('success');
    expect(transactionTone('failed')).toBe('danger');
    expect(transactionTone('pending')).toBe('warning');
    expect(transactionTone('partially_refunded')).toBe('info');
    expect(transactionTone('refunded')).toBe('neutral');
  });
  it('posts: published is success, any other value warning', () => {
    expect(postStatusTone('published')).toBe('success');
    expect(postStatusTone('draft')).toBe('warning');
    expect(postStatusTone('scheduled')).toBe('warning');
  });
});

describe('revenue and purchase counts', () => {
  it('gives one figure per currency, rupees first, never summed', () => {
    expect(revenueFigures([{ currency: 'USD', amount_minor: 21004 }])).toEqual([{ currency: 'USD', text: '$210.04' }]);
    expect(
      revenueFigures([
        { currency: 'USD', amount_minor: 100 },
        { currency: 'EUR', amount_minor: 250 },
        { currency: 'INR', amount_minor: 123450 },
      ]).map((f) => f.currency),
    ).toEqual(['INR', 'EUR', 'USD']);
    expect(revenueFigures([])).toEqual([{ currency: 'INR', text: '₹0.00' }]);
  });

  it('says what the purchase count counts', () => {
    expect(purchaseBreakdown({ total: 4, paid: 2, failed: 1, pending: 1 })).toBe('4 purchases (2 paid, 1 failed, 1 pending)');
    expect(purchaseBreakdown({ total: 1, paid: 1, failed: 0, pending: 0 })).toBe('1 purchase (1 paid, 0 failed, 0 pending)');
    expect(purchaseBreakdown({ total: 5, paid: 3, failed: 1, pending: 1, refunded: 1, partially_refunded: 1 })).toBe(
      '5 purchases (3 paid, of which 1 refunded and 1 partially refunded, 1 failed, 1 pending)',
    );
    // One vocabulary: the words the member's card, the table and the export all use.
    expect(['paid', 'refunded', 'partially_refunded', 'failed', 'pending'].map((s) => transactionLabel(s as never))).toEqual([
      'Paid',
      'Refunded',
      'Partially refunded',
      'Failed',
      'Pending',
    ]);
  });
});
