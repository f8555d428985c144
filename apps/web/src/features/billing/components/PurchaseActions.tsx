import { REFUND_MESSAGES, type Purchase } from '@assay/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/Button.tsx';
import { errorText } from '../../../lib/api.ts';
import { tokenKeys } from '../api/keys.ts';
import { withdrawRefund } from '../api/refunds.ts';
import { InvoiceDownloadButton } from './InvoiceDownloadButton.tsx';
import { RefundRequestButton } from './RefundRequestButton.tsx';
import { RefundStatus } from './RefundStatus.tsx';

/**
 * What a member can do with one purchase, in the last cell of its row: download the invoice,
 * follow its refund (and download the credit note), withdraw a request still waiting, or ask
 * for a refund while the policy allows — and when it does not, the server's reason why.
 */
export function PurchaseActions({ purchase }: { purchase: Purchase }) {
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: tokenKeys.purchases });
    // The held package's tokens come back to (or leave) what can be spent.
    void queryClient.invalidateQueries({ queryKey: tokenKeys.balance });
  };
  const withdraw = useMutation({
    mutationFn: withdrawRefund,
    onSuccess: () => {
      toast.success(REFUND_MESSAGES.withdrawn);
      refresh();
    },
    onError: (err) => toast.error(errorText(err, REFUND_MESSAGES.withdrawFailed)),
  });
  const waiting = purchase.refund_status === 'requested' && purchase.refund_request_id;
  const live = purchase.refund_status && purchase.refund_status !== 'declined' && purchase.refund_status !== 'withdrawn';
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="purchase-actions">
      {purchase.invoice_number ? (
        <InvoiceDownloadButton invoiceNumber={purchase.invoice_number} />
      ) : (
        <span className="text-xs text-slate-500">{purchase.status === 'paid' ? 'Invoice being issued' : 'No invoice'}</span>
      )}
      <RefundStatus state={purchase} />
      {waiting && (
        <>
          <span className="basis-full text-xs text-slate-600">Its tokens are held until an operator decides.</span>
          <Button
            variant="ghost"
            size="sm"
            loading={withdraw.isPending}
            onClick={() => withdraw.mutate(purchase.refund_request_id!)}
            aria-label={`Withdraw request to refund the ${purchase.package_name} package`}
          >
            Withdraw request
          </Button>
        </>
      )}
      {!purchase.refundable && !live && purchase.status === 'paid' && purchase.refund_refusal && (
        <span className="basis-full text-xs text-slate-600" data-testid="refund-refusal">
          No refund: {purchase.refund_refusal}
        </span>
      )}
      {purchase.refundable && (
        <RefundRequestButton
          purchaseId={purchase.id}
          packageName={purchase.package_name}
          tokens={purchase.tokens}
          amountMinor={purchase.total_minor}
          currency={purchase.currency}
          onRequested={refresh}
        />
      )}
    </div>
  );
}
