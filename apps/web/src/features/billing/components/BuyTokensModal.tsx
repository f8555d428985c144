import type { VerifyPaymentResponse } from '@assay/shared';
import { Modal } from '../../../components/ui/Modal.tsx';
import { usePurchase } from '../hooks/usePurchase.ts';
import { PackageSection } from './PackageSection.tsx';
import { PurchaseReview } from './PurchaseReview.tsx';

/**
 * Buy tokens without leaving the page (e.g. the reports dashboard): pick a package, then the
 * same review → processing → checkout flow as /login-pricing, in one dialog.
 */
export function BuyTokensModal({
  open,
  onClose,
  onPurchased,
}: {
  open: boolean;
  onClose: () => void;
  onPurchased?: (result: VerifyPaymentResponse) => void;
}) {
  const purchase = usePurchase({
    onPurchased: (result) => {
      onPurchased?.(result);
      onClose();
    },
  });
  const processing = purchase.step === 'processing';
  return (
    <Modal
      open={open}
      onClose={() => {
        if (processing) return;
        purchase.close();
        onClose();
      }}
      dismissible={!processing}
      size={purchase.pkg ? 'md' : 'xl'}
      title={purchase.pkg ? (processing ? 'Processing payment' : 'Review your purchase') : 'Buy Tokens'}
    >
      {purchase.pkg ? (
        <PurchaseReview purchase={purchase} onCancel={purchase.close} />
      ) : (
        <PackageSection purchase={purchase} compact />
      )}
    </Modal>
  );
}
