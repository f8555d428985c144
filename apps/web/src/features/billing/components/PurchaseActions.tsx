import type { Purchase } from '@assay/shared';
import { useQueryClient } from '@tanstack/react-query';
import { tokenKeys } from '../api/keys.ts';
import { InvoiceDownloadButton } from './InvoiceDownloadButton.tsx';
import { RefundRequestButton } from './RefundRequestButton.tsx';
import { RefundStatus } from './RefundStatus.tsx';

/**
 * What a member can do with one purchase, in the last cell of its row: download the invoice,
 * follow its refund (and download the credit note), or ask for a refund while the policy allows.
 */
export function PurchaseActions({ purchase }: { purchase: Purchase }) {
  const queryClient = useQueryClient();
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="purchase-actions">
      {purchase.invoice_number ? (
        <InvoiceDownloadButton invoiceNumber={purchase.invoice_number} />
      ) : (
        <span className="text-xs text-slate-500">{purchase.status === 'paid' ? 'Invoice being issued' : 'No invoice'}</span>
      )}
      <RefundStatus state={purchase} />
      {purchase.refundable && (
        <RefundRequestButton
          purchaseId={purchase.id}
          packageName={purchase.package_name}
          tokens={purchase.tokens}
          amountMinor={purchase.total_minor}
          currency={purchase.currency}
          onRequested={() => void queryClient.invalidateQueries({ queryKey: tokenKeys.purchases })}
        />
      )}
    </div>
  );
}
