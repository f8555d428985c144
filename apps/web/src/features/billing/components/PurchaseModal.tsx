import type { ReactNode } from 'react';
import { Modal } from '../../../components/ui/Modal.tsx';
import type { Purchase } from '../hooks/usePurchase.ts';
import { PackageSection } from './PackageSection.tsx';
import { PurchaseReview } from './PurchaseReview.tsx';

export interface PurchaseModalProps {
  purchase: Purchase;
  /**
   * Offer the packages in the dialog (a screen without its own grid, e.g. the reports dashboard):
   * the dialog is open while this is true, and Cancel on review goes back to the packages.
   * Without it the dialog opens when the page's grid picks a package.
   */
  choosing?: boolean;
  /** The dialog was closed (not called while a payment is processing). */
  onClose?: () => void;
  /** Shown above the packages, e.g. why more tokens are needed. */
  intro?: ReactNode;
}

/**
 * The one purchase dialog (docs/product.md §4): packages when asked, then review → processing →
 * checkout → verify. It cannot be dismissed while a payment is processing.
 */
export function PurchaseModal({ purchase, choosing = false, onClose, intro }: PurchaseModalProps) {
  const processing = purchase.step === 'processing';
  const reviewing = Boolean(purchase.pkg);
  return (
    <Modal
      open={choosing || reviewing}
      onClose={() => {
        if (processing) return;
        purchase.close();
        onClose?.();
      }}
      dismissible={!processing}
      step={reviewing ? 'review' : 'packages'}
      size={reviewing ? 'md' : 'xl'}
      title={reviewing ? (processing ? 'Processing payment' : 'Review your purchase') : 'Buy Tokens'}
    >
      {reviewing ? (
        <PurchaseReview purchase={purchase} onCancel={purchase.close} />
      ) : (
        <div className="space-y-5">
          {intro}
          <PackageSection purchase={purchase} compact />
        </div>
      )}
    </Modal>
  );
}
