import { Modal } from '../../../components/ui/Modal.tsx';
import type { Purchase } from '../hooks/usePurchase.ts';
import { PurchaseReview } from './PurchaseReview.tsx';

/** The review modal of SPEC section 4; it cannot be dismissed while a payment is processing. */
export function PurchaseModal({ purchase }: { purchase: Purchase }) {
  const processing = purchase.step === 'processing';
  return (
    <Modal
      open={Boolean(purchase.pkg)}
      onClose={purchase.close}
      dismissible={!processing}
      title={processing ? 'Processing payment' : 'Review your purchase'}
    >
      <PurchaseReview purchase={purchase} onCancel={purchase.close} />
    </Modal>
  );
}
