import {
  billingDetails,
  billingDetailsView,
  billingListQuery,
  invoiceNumberParams,
  ledgerView,
  purchasesView,
} from '../schemas/billing.ts';
import { creditNoteNumberParams, purchaseIdParams, refundIdParams, refundRequestBody, refundView } from '../schemas/refunds.ts';
import { endpoint } from './endpoint.ts';

const tags = ['billing'];

/** Tax invoices and the member's billing details (docs/decisions/130-tax-invoices.md). */
export const billingEndpoints = {
  billingDetails: endpoint({
    method: 'GET',
    path: '/billing/details',
    auth: 'member',
    tags,
    responses: { 200: billingDetailsView },
    description: "The buyer details printed on the member's next invoices.",
  }),
  saveBillingDetails: endpoint({
    method: 'PUT',
    path: '/billing/details',
    auth: 'member',
    tags,
    body: billingDetails,
    responses: { 200: billingDetailsView },
  }),
  invoice: endpoint({
    method: 'GET',
    path: '/billing/invoices/:invoice_number',
    auth: 'member_or_operator',
    tags,
    description: 'The invoice PDF (its number URL-encoded, INV%2F2026-27%2F000123): its owner with a bearer token, or an operator.',
    params: invoiceNumberParams,
    produces: 'application/pdf',
  }),
  requestRefund: endpoint({
    method: 'POST',
    path: '/billing/purchases/:id/refund-request',
    auth: 'member',
    tags,
    description:
      'Asks for a refund of a purchase (its payment id) within 7 days of capture, none of its tokens used (docs/decisions/135-refunds.md).',
    params: purchaseIdParams,
    body: refundRequestBody,
    responses: { 201: refundView },
  }),
  withdrawRefund: endpoint({
    method: 'POST',
    path: '/billing/refunds/:id/withdraw',
    auth: 'member',
    tags,
    description:
      "Withdraws the member's own refund request while it waits for a decision: the package's tokens can be spent again (docs/decisions/165-pending-refunds-hold-their-lot.md).",
    params: refundIdParams,
    responses: { 200: refundView },
  }),
  creditNote: endpoint({
    method: 'GET',
    path: '/billing/credit-notes/:credit_note_number',
    auth: 'member_or_operator',
    tags,
    description: 'The credit note PDF of a refund (its number URL-encoded, CN%2F2026-27%2F000001): its owner or an operator.',
    params: creditNoteNumberParams,
    produces: 'application/pdf',
  }),
  purchases: endpoint({
    method: 'GET',
    path: '/billing/purchases',
    auth: 'member',
    tags,
    query: billingListQuery,
    responses: { 200: purchasesView },
    description: "The member's own token purchases, newest first, with their invoice numbers and lots; X-Next-Cursor names the next page.",
  }),
  ledger: endpoint({
    method: 'GET',
    path: '/billing/ledger',
    auth: 'member',
    tags,
    query: billingListQuery,
    responses: { 200: ledgerView },
    description:
      "The member's token history in plain words, newest first (X-Next-Cursor), and the newest lots (at most 50; `lots_more` when there are older ones) with their expiry and remaining tokens.",
  }),
};
