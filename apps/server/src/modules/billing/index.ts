/** Billing: tax invoices, the buyer details on them (docs/decisions/130-tax-invoices.md). */
export { billingRoutes } from './billing.routes.ts';
export { issueInvoice, type IssueInvoiceDeps } from './issue-invoice.ts';
export { sendInvoiceReceiptJob } from './send-invoice-receipt.ts';
export { renderInvoicePdf } from './render-invoice-pdf.ts';
export { findInvoiceByNumber, listInvoicesOf, type InvoiceRow } from './invoice-row.ts';
export { anonymiseInvoices, ANONYMISED_BUYER } from './anonymise-invoices.ts';
export { invoiceFileName } from './invoice-row.ts';
