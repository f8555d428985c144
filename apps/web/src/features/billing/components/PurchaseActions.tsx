import type { Purchase } from '@assay/shared';
import { InvoiceDownloadButton } from './InvoiceDownloadButton.tsx';

/**
 * What a member can do with one purchase, in the last cell of its row: download the invoice.
 * The refund request (issue 16) is to be added here, beside the invoice; `purchase.lot` carries
 * what its rules need (tokens, remaining, expiry).
 */
export function PurchaseActions({ purchase }: { purchase: Purchase }) {
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="purchase-actions">
      {purchase.invoice_number ? (
        <InvoiceDownloadButton invoiceNumber={purchase.invoice_number} />
      ) : (
        <span className="text-xs text-slate-500">{purchase.status === 'paid' ? 'Invoice being issued' : 'No invoice'}</span>
      )}
    </div>
  );
}
