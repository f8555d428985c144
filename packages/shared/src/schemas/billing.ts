import { z } from 'zod';
import { pathParam } from './fields.ts';

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
} as const;

/** GST state codes (the first two digits of a GSTIN) and their states and union territories. */
export const GST_STATES: Readonly<Record<string, string>> = {
  '01': 'Jammu and Kashmir', '02': 'Himachal Pradesh', '03': 'Punjab', '04': 'Chandigarh', '05': 'Uttarakhand',
  '06': 'Haryana', '07': 'Delhi', '08': 'Rajasthan', '09': 'Uttar Pradesh', '10': 'Bihar', '11': 'Sikkim',
  '12': 'Arunachal Pradesh', '13': 'Nagaland', '14': 'Manipur', '15': 'Mizoram', '16': 'Tripura', '17': 'Meghalaya',
  '18': 'Assam', '19': 'West Bengal', '20': 'Jharkhand', '21': 'Odisha', '22': 'Chhattisgarh', '23': 'Madhya Pradesh',
  '24': 'Gujarat', '26': 'Dadra and Nagar Haveli and Daman and Diu', '27': 'Maharashtra', '29': 'Karnataka', '30': 'Goa',
  '31': 'Lakshadweep', '32': 'Kerala', '33': 'Tamil Nadu', '34': 'Puducherry', '35': 'Andaman and Nicobar Islands',
  '36': 'Telangana', '37': 'Andhra Pradesh', '38': 'Ladakh', '97': 'Other Territory', '96': 'Outside India',
};

const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

/** What a member may add before buying; every field optional (null clears it). */
export const billingDetails = z
  .object({
    address: z.preprocess(blankToNull, z.string().trim().max(500, BILLING_MESSAGES.addressTooLong).nullable()),
    state_code: z.preprocess(
      blankToNull,
      z.string().refine((c) => c in GST_STATES, BILLING_MESSAGES.stateCodeInvalid).nullable(),
    ),
    gstin: z.preprocess(
      (v) => (typeof v === 'string' ? blankToNull(v.replace(/\s+/g, '').toUpperCase()) : v),
      z.string().regex(/^[0-9]{2}[A-Z0-9]{13}$/, BILLING_MESSAGES.gstinInvalid).nullable(),
    ),
  })
  .refine((d) => !d.gstin || !d.state_code || d.gstin.slice(0, 2) === d.state_code, {
    message: BILLING_MESSAGES.gstinStateMismatch,
    path: ['gstin'],
  });
export type BillingDetails = z.infer<typeof billingDetails>;

/** The details as stored (the answer of both billing-details endpoints). */
export const billingDetailsView = z.object({
  address: z.string().nullable(),
  state_code: z.string().nullable(),
  gstin: z.string().nullable(),
});

export const invoiceNumberParams = z.object({
  invoice_number: pathParam(40).regex(/^INV\/[0-9]{4}-[0-9]{2}\/[0-9]{6}$/, BILLING_MESSAGES.invoiceNotFound),
});
