import { z } from 'zod';
import { hasControlCharacters, lineText, listCursor, multiLineText, pathParam } from './fields.ts';
import { INDIA, isCountryCode } from '../countries.ts';
import { paymentState, purchaseRefundState } from './refunds.ts';

/**
 * Billing: tax invoices and the buyer details printed on them (docs/decisions/130-tax-invoices.md).
 * The texts are ours (docs/product.md §1 and §7).
 */
export const BILLING_MESSAGES = {
  invoiceNotFound: 'Invoice not found',
  billingDetailsSaved: 'Billing details saved',
  billingDetailsFailed: 'Failed to save billing details',
  gstinInvalid: 'Please enter a valid 15-character GSTIN (e.g. 29ABCDE1234F1Z5)',
  stateCodeInvalid: 'Please choose the state of your billing address',
  gstinStateMismatch: 'The GSTIN does not belong to the chosen state',
  addressTooLong: 'The billing address can be at most 500 characters',
  countryInvalid: 'Please choose the country of your billing address',
  stateRequiredInIndia: 'Please choose your state: in India it decides the GST on your purchase',
  indiaOnlyFields: 'A state and a GSTIN apply only to a billing address in India',
  /** 409 billing_country_required: create-order before the member gave a billing country. */
  billingCountryRequired: 'Please tell us your billing country before your first purchase: it decides the tax on it.',
  documentsBusy: 'We are preparing many documents right now. Please try again in a minute.',
} as const;

/** GST state codes (the first two digits of a GSTIN) and their states and union territories. */
export const GST_STATES: Readonly<Record<string, string>> = {
  '01': 'Jammu and Kashmir',
  '02': 'Himachal Pradesh',
  '03': 'Punjab',
  '04': 'Chandigarh',
  '05': 'Uttarakhand',
  '06': 'Haryana',
  '07': 'Delhi',
  '08': 'Rajasthan',
  '09': 'Uttar Pradesh',
  '10': 'Bihar',
  '11': 'Sikkim',
  '12': 'Arunachal Pradesh',
  '13': 'Nagaland',
  '14': 'Manipur',
  '15': 'Mizoram',
  '16': 'Tripura',
  '17': 'Meghalaya',
  '18': 'Assam',
  '19': 'West Bengal',
  '20': 'Jharkhand',
  '21': 'Odisha',
  '22': 'Chhattisgarh',
  '23': 'Madhya Pradesh',
  '24': 'Gujarat',
  '26': 'Dadra and Nagar Haveli and Daman and Diu',
  '27': 'Maharashtra',
  '29': 'Karnataka',
  '30': 'Goa',
  '31': 'Lakshadweep',
  '32': 'Kerala',
  '33': 'Tamil Nadu',
  '34': 'Puducherry',
  '35': 'Andaman and Nicobar Islands',
  '36': 'Telangana',
  '37': 'Andhra Pradesh',
  '38': 'Ladakh',
  '97': 'Other Territory',
  '96': 'Outside India',
};

/** The GST state code of a place outside India (an export of services). */
export const OUTSIDE_INDIA = '96';

/** Blank or absent means none: null, which clears the field. */
const blankToNull = (v: unknown) => (v === undefined || (typeof v === 'string' && v.trim() === '') ? null : v);

/**
 * The buyer details a member keeps: the billing country (ISO 3166-1 alpha-2; asked before the
 * first purchase) and, in India, the state (the place of supply), plus an optional address and
 * GSTIN (docs/decisions/168-billing-country-and-place-of-supply.md). Absent, blank or null clears
 * a field. A state or GSTIN sent without a country means India (older clients send no country).
 */
export const billingDetails = z
  .object({
    country: z.preprocess(
      (v) => blankToNull(typeof v === 'string' && !hasControlCharacters(v) ? v.trim().toUpperCase() : v),
      lineText().refine(isCountryCode, BILLING_MESSAGES.countryInvalid).nullable(),
    ),
    address: z.preprocess(blankToNull, multiLineText().trim().max(500, BILLING_MESSAGES.addressTooLong).nullable()),
    state_code: z.preprocess(
      blankToNull,
      lineText()
        .refine((c) => c in GST_STATES && c !== OUTSIDE_INDIA, BILLING_MESSAGES.stateCodeInvalid)
        .nullable(),
    ),
    gstin: z.preprocess(
      (v) => blankToNull(typeof v === 'string' && !hasControlCharacters(v) ? v.replace(/\s+/g, '').toUpperCase() : v),
      lineText()
        .regex(/^[0-9]{2}[A-Z0-9]{13}$/, BILLING_MESSAGES.gstinInvalid)
        .nullable(),
    ),
  })
  .transform((d) => ({ ...d, country: d.country ?? (d.state_code || d.gstin ? INDIA : null) }))
  .superRefine((d, ctx) => {
    if (d.country === INDIA && !d.state_code) {
      ctx.addIssue({ code: 'custom', message: BILLING_MESSAGES.stateRequiredInIndia, path: ['state_code'] });
    }
    if (d.country !== INDIA && (d.state_code || d.gstin)) {
      ctx.addIssue({ code: 'custom', message: BILLING_MESSAGES.indiaOnlyFields, path: [d.state_code ? 'state_code' : 'gstin'] });
    }
    if (d.gstin && d.state_code && d.gstin.slice(0, 2) !== d.state_code) {
      ctx.addIssue({ code: 'custom', message: BILLING_MESSAGES.gstinStateMismatch, path: ['gstin'] });
    }
  });
/** What a client sends (each field optional; see billingDetails). */
export interface BillingDetailsInput {
  country?: string | null;
  address?: string | null;
  state_code?: string | null;
  gstin?: string | null;
}
export type BillingDetails = z.output<typeof billingDetails>;

/** The details as stored (the answer of both billing-details endpoints). */
export const billingDetailsView = z.object({
  country: z.string().nullable(),
  address: z.string().nullable(),
  state_code: z.string().nullable(),
  gstin: z.string().nullable(),
  /**
   * The GST percent a purchase with these details is charged (0: an export zero-rated under
   * the seller's LUT); null while no country is on record (a purchase answers 409 then).
   */
  gst_percent: z.number().int().nullable(),
});
export type BillingDetailsView = z.infer<typeof billingDetailsView>;

export const invoiceNumberParams = z.object({
  invoice_number: pathParam(40).regex(/^INV\/[0-9]{4}-[0-9]{2}\/[0-9]{6}$/, BILLING_MESSAGES.invoiceNotFound),
});

/** A page of a member's billing lists: newest first, then X-Next-Cursor names the next page. */
export const billingListQuery = z.object({
  cursor: listCursor,
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

/** The lot a paid purchase credited, as it stands now (what the refund rules look at). */
export const purchaseLotView = z.object({
  tokens: z.number().int(),
  remaining: z.number().int(),
  expires_at: z.string(),
});

/**
 * One of the member's token purchases (docs/decisions/131-billing-history-and-token-grants.md).
 * Amounts are integer minor units of `currency`; `status` is the one vocabulary every screen
 * uses (PAYMENT_STATE_LABELS): paid · refunded · partially_refunded · failed · pending.
 */
export const purchaseView = z.object({
  id: z.string(),
  created_at: z.string(),
  package_name: z.string(),
  tokens: z.number().int(),
  price_minor: z.number().int(),
  tax_minor: z.number().int(),
  total_minor: z.number().int(),
  currency: z.string(),
  status: paymentState,
  /** What went back to the member (the credit note's total), 0 when nothing did. */
  refunded_minor: z.number().int(),
  paid_at: z.string().nullable(),
  /** Download with GET /billing/invoices/{number} (URL-encoded); null until the payment is captured. */
  invoice_number: z.string().nullable(),
  lot: purchaseLotView.nullable(),
  // Its refund, if one was asked for, and whether one may be asked for now.
  ...purchaseRefundState.shape,
});
export type Purchase = z.infer<typeof purchaseView>;

export const purchasesView = z.object({ purchases: z.array(purchaseView) });

/**
 * What a token history entry was, in the member's terms: credits (a purchase, the sign-up bonus,
 * an operator grant or other promotional credit), a report's hold (still held, or spent once the
 * report was delivered), tokens released back, expired, refunded, forfeited, an operator deduction.
 */
export const LEDGER_ENTRY_KINDS = [
  'purchase',
  'signup_bonus',
  'promotion',
  'operator_grant',
  'held',
  'spent',
  'released',
  'expired',
  'refunded',
  'operator_deduction',
  'forfeited',
  'other',
] as const;
export type LedgerEntryKind = (typeof LEDGER_ENTRY_KINDS)[number];

export const ledgerEntryView = z.object({
  id: z.string(),
  at: z.string(),
  kind: z.enum(LEDGER_ENTRY_KINDS),
  /** The entry in plain words, e.g. 'Spent on report "Solar kiosks"'. */
  description: z.string(),
  /** Signed: credits positive, debits negative. */
  amount: z.number().int(),
  /** The member's own report the entry concerns (null title: the report was deleted). */
  report: z.object({ id: z.string(), title: z.string().nullable() }).nullable(),
  /** The operator's reason, for grants and deductions. */
  reason: z.string().nullable(),
});
export type LedgerEntry = z.infer<typeof ledgerEntryView>;

export const LOT_SOURCES = ['purchase', 'signup_bonus', 'operator_grant'] as const;

export const tokenLotView = z.object({
  id: z.string(),
  source: z.enum(LOT_SOURCES),
  created_at: z.string(),
  tokens: z.number().int(),
  remaining: z.number().int(),
  expires_at: z.string(),
  expired: z.boolean(),
});
export type TokenLot = z.infer<typeof tokenLotView>;

/** How many of a member's lots a ledger page carries (newest first). */
export const LEDGER_LOTS_SHOWN = 50;

/**
 * A page of the token history; `lots` are the member's newest lots (at most LEDGER_LOTS_SHOWN)
 * on each page, and `lots_more` is true when the member has older ones beyond them.
 */
export const ledgerView = z.object({
  entries: z.array(ledgerEntryView),
  lots: z.array(tokenLotView),
  lots_more: z.boolean().optional(),
});

/** The plain words for a history entry (the server sends them; kept here so both apps agree). */
export function describeLedgerEntry(e: {
  kind: LedgerEntryKind;
  report: { title: string | null } | null;
  reason: string | null;
  package_name?: string | null;
  /** What a report's later charge paid for (a retry, an upgrade, a rewritten section), in plain words. */
  purpose?: string | null;
}): string {
  const report = e.report ? (e.report.title ? `report “${e.report.title}”` : 'a deleted report') : 'a report';
  const why = e.reason ? `: ${e.reason}` : '';
  if (e.purpose && (e.kind === 'held' || e.kind === 'spent' || e.kind === 'released')) {
    const state = e.kind === 'held' ? ' (held)' : e.kind === 'released' ? ' (returned)' : '';
    return `${e.purpose}${state} — ${report}`;
  }
  switch (e.kind) {
    case 'purchase':
      return e.package_name ? `Purchased the ${e.package_name} package` : 'Purchased tokens';
    case 'signup_bonus':
      return 'Sign-up bonus';
    case 'promotion':
      return 'Promotional credit';
    case 'operator_grant':
      return `Operator grant${why}`;
    case 'held':
      return `Held for ${report}`;
    case 'spent':
      return `Spent on ${report}`;
    // A hold comes back when the report was not delivered (it failed or was cancelled): said so, not "released".
    case 'released':
      return `Returned — ${report} not delivered`;
    case 'expired':
      return 'Expired unused';
    case 'refunded':
      return `Refunded${why}`;
    case 'operator_deduction':
      return `Operator deduction${why}`;
    case 'forfeited':
      return 'Forfeited when the account was deleted';
    case 'other':
      return 'Adjustment';
  }
}
