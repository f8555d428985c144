import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { Modal } from '../../../components/ui/Modal.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { fetchBillingDetails, tokenKeys } from '../../billing/index.ts';
import type { Purchase } from '../hooks/usePurchase.ts';
import { BillingCountryStep } from './BillingCountryStep.tsx';
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
 * The one purchase dialog (docs/product.md §4): packages when asked, the billing country when
 * none is on record yet (docs/decisions/168-billing-country-and-place-of-supply.md), then
 * review → processing → checkout → verify. It cannot be dismissed while a payment is processing.
 */
export function PurchaseModal({ purchase, choosing = false, onClose, intro }: PurchaseModalProps) {
  const processing = purchase.step === 'processing';
  const reviewing = Boolean(purchase.pkg);
  const billing = useQuery({
    queryKey: tokenKeys.billingDetails,
    queryFn: ({ signal }) => fetchBillingDetails(signal),
    enabled: reviewing,
    meta: { silent: true },
  });
  // "Change" on review reopens the country step; a new purchase starts without it.
  const [changingCountry, setChangingCountry] = useState(false);
  useEffect(() => setChangingCountry(false), [purchase.pkg]);
  // If loading the details failed, review goes ahead: the order itself answers 409 without a country.
  const details = billing.data;
  const step = !reviewing
    ? 'packages'
    : billing.isPending
      ? 'loading'
      : details && (!details.country || changingCountry) && !processing
        ? 'country'
        : 'review';
  const titles = {
    packages: 'Buy Tokens',
    loading: 'Review your purchase',
    country: 'Your billing country',
    review: processing ? 'Processing payment' : 'Review your purchase',
  };
  return (
    <Modal
      open={choosing || reviewing}
      onClose={() => {
        if (processing) return;
        purchase.close();
        onClose?.();
      }}
      dismissible={!processing}
      step={step === 'loading' ? 'review' : step}
      size={reviewing ? 'md' : 'xl'}
      title={titles[step]}
    >
      {step === 'loading' ? (
        <div className="flex items-center gap-3 py-6 text-sm text-slate-600" role="status">
          <Spinner className="size-5 text-brand-700" />
          Loading your billing details…
        </div>
      ) : step === 'country' && details ? (
        <BillingCountryStep
          details={details}
          onSaved={() => setChangingCountry(false)}
          onCancel={changingCountry ? () => setChangingCountry(false) : purchase.close}
        />
      ) : reviewing ? (
        <PurchaseReview
          purchase={purchase}
          onCancel={purchase.close}
          billing={billing.data}
          onChangeCountry={() => setChangingCountry(true)}
        />
      ) : (
        <div className="space-y-5">
          {intro}
          <PackageSection purchase={purchase} compact />
        </div>
      )}
    </Modal>
  );
}
