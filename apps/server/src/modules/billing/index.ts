/** Billing: tax invoices, the buyer details on them, refunds and credit notes (docs/decisions/130, 135, 136). */
export { billingRoutes } from './billing.routes.ts';
export { issueInvoice, type IssueInvoiceDeps } from './issue-invoice.ts';
export { sendInvoiceReceiptJob } from './send-invoice-receipt.ts';
export { renderInvoicePdf } from './render-invoice-pdf.ts';
export { renderedDocuments } from './render-documents.ts';
export { findInvoiceByNumber, listInvoicesOf, type InvoiceRow } from './invoice-row.ts';
export { anonymiseInvoices, ANONYMISED_BUYER } from './anonymise-invoices.ts';
export { invoiceFileName } from './invoice-row.ts';
export { creditNoteFileName, listCreditNotesOf } from './credit-note-row.ts';
export { renderCreditNotePdf } from './render-credit-note-pdf.ts';
export { approveRefund } from './approve-refund.ts';
export { declineRefund } from './decline-refund.ts';
export { listRefunds } from './list-refunds.ts';
export { pendingRefundCount, purchaseRefundStates } from './request-refund.ts';
export { flagOrphanCapture, ORPHAN_CAPTURE_REASON } from './flag-orphan-capture.ts';
export { settleProviderRefund } from './settle-provider-refund.ts';
export { sendRefundApprovedJob } from './refund-mails.ts';
export { openStoredDocument, storedDocument, type DocumentKind } from './stored-document.ts';
