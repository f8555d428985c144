import {
  type CreateOrderResponse,
  formatTokens,
  MSG,
  type ReviewPurchaseRequest,
  purchaseSucceededMessage,
  type VerifyPaymentResponse,
} from '@assay/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api.ts';
import { session } from '../../../lib/session.ts';
import { showToast } from '../../../lib/toasts.ts';
import { abandonOrder } from '../api/abandon-order.ts';
import { createOrder } from '../api/create-order.ts';
import { tokenKeys } from '../../billing/index.ts';
import { verifyPayment } from '../api/verify-payment.ts';
import { ENTERPRISE_CONTACT_PATH, type PackageOffer } from '../lib/pricing.ts';

export type PurchaseStep = 'review' | 'processing';

export const POPUP_BLOCKED_NOTICE = 'Your browser blocked the checkout window. Please allow pop-ups for this site and try again.';

/** Order creation failed: the server's reason for a 4xx (e.g. package gone, too many attempts), else MSG's text (docs/product.md §8). */
function orderErrorText(err: unknown): string {
  if (err instanceof ApiError && err.status < 500 && err.status !== 401 && err.detail) return err.detail;
  return MSG.purchaseFailed;
}

export interface Purchase {
  /** The package under review; undefined while no purchase is open. */
  pkg: PackageOffer | undefined;
  step: PurchaseStep;
  /** The order once created: its price breakdown is the one that counts. */
  order: CreateOrderResponse | undefined;
  /** An inline note on the review step (e.g. a blocked pop-up). */
  notice: string | undefined;
  /** A Buy button: contact-only → /contact, signed out → /login, else the review modal. */
  buy: (offer: PackageOffer) => void;
  /** Review → processing → create order → checkout → verify. */
  proceed: () => Promise<void>;
  /** Closes the review (ignored while processing). */
  close: () => void;
}

/**
 * The purchase flow of docs/product.md §4. Closing the checkout, a failed payment or a failed
 * order creation return to review; a verified payment toasts, refreshes the balance and closes.
 */
export function usePurchase({
  onPurchased,
  review,
}: {
  onPurchased?: (result: VerifyPaymentResponse) => void;
  /** The expert review the tokens are bought for: it travels with the order and opens at the capture (decision 234). */
  review?: ReviewPurchaseRequest | undefined;
} = {}): Purchase {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [pkg, setPkg] = useState<PackageOffer>();
  const [step, setStep] = useState<PurchaseStep>('review');
  const [order, setOrder] = useState<CreateOrderResponse>();
  const [notice, setNotice] = useState<string>();
  const running = useRef<AbortController | undefined>(undefined);
  const onPurchasedRef = useRef(onPurchased);
  const reviewRef = useRef(review);
  useEffect(() => {
    onPurchasedRef.current = onPurchased;
    reviewRef.current = review;
  });

  // Leaving the page mid-checkout closes the checkout window.
  useEffect(() => () => running.current?.abort(), []);

  const buy = useCallback(
    (offer: PackageOffer) => {
      if (offer.contactOnly) {
        navigate(ENTERPRISE_CONTACT_PATH);
        return;
      }
      if (!session.user()) {
        showToast('error', MSG.loginToPurchase);
        navigate('/login', { state: { from: { pathname: location.pathname } } });
        return;
      }
      setPkg(offer);
      setStep('review');
      setOrder(undefined);
      setNotice(undefined);
    },
    [navigate, location.pathname],
  );

  const close = useCallback(() => {
    if (running.current) return;
    setPkg(undefined);
    setOrder(undefined);
    setNotice(undefined);
    setStep('review');
  }, []);

  const proceed = useCallback(async () => {
    if (!pkg || running.current) return;
    const ctrl = new AbortController();
    running.current = ctrl;
    setStep('processing');
    setNotice(undefined);
    // The checkout's code loads while the order is created, not with the pricing page.
    const checkout = import('../checkout/open-checkout.ts');
    const backToReview = () => {
      running.current = undefined;
      if (!ctrl.signal.aborted) setStep('review');
    };

    let created: CreateOrderResponse;
    try {
      created = await createOrder(pkg.id, reviewRef.current);
    } catch (err) {
      showToast('error', orderErrorText(err));
      // 409: no billing country on record (cleared in another tab): the dialog's country step
      // shows once the details are read again.
      if (err instanceof ApiError && err.status === 409) void queryClient.invalidateQueries({ queryKey: tokenKeys.billingDetails });
      return backToReview();
    }
    if (ctrl.signal.aborted) return;
    setOrder(created);

    const result = await (
      await checkout
    ).openCheckout(created, {
      signal: ctrl.signal,
      description: `${created.package.name} · ${formatTokens(created.package.tokens)} tokens`,
    });
    if (result.status === 'dismissed') {
      // Closed without paying (the checkout or the review): say so now, in the background, so the
      // purchase does not read Pending for a day. Best effort: the abandon timeout still applies.
      void abandonOrder(created.order_id)
        .then(() => queryClient.invalidateQueries({ queryKey: tokenKeys.purchases }))
        .catch((err: unknown) => console.warn('Could not record the closed checkout', err));
    }
    if (ctrl.signal.aborted) return;

    switch (result.status) {
      case 'success': {
        try {
          const verified = await verifyPayment(result.response);
          showToast('success', purchaseSucceededMessage(verified.tokens_added));
          onPurchasedRef.current?.(verified);
        } catch (err) {
          console.error('Payment verification failed', err);
          showToast('error', MSG.paymentVerificationFailed);
        }
        // Either way the balance may have changed (the provider's webhook credits too).
        void queryClient.invalidateQueries({ queryKey: tokenKeys.balance });
        running.current = undefined;
        setPkg(undefined);
        setOrder(undefined);
        setStep('review');
        return;
      }
      case 'failed':
        showToast('error', MSG.paymentFailed);
        return backToReview();
      case 'unavailable':
        if (result.reason === 'popup_blocked') setNotice(POPUP_BLOCKED_NOTICE);
        else showToast('error', MSG.purchaseFailed);
        return backToReview();
      case 'dismissed':
        return backToReview();
    }
  }, [pkg, queryClient]);

  return { pkg, step, order, notice, buy, proceed, close };
}
