import type { ReviewPurchaseRequest, VerifyPaymentResponse } from '@assay/shared';
import { useState } from 'react';
import { Button } from '../../../../components/ui/Button.tsx';
import { PurchaseModal, usePurchase } from '../../../purchase/index.ts';
import { formatTokens } from '../../lib/format.ts';

/**
 * When the balance is short of an expert review (decision 234): buy the missing tokens with the
 * usual purchase dialog, the review travelling with the order. The payment's capture opens the
 * request (once), and the purchase's invoice names the review on a line of its own. `onBought`
 * gets what the capture did: the request opened, or why it could not be (the tokens are in the
 * balance either way).
 */
export function BuyForReview({
  review,
  missing,
  onBought,
}: {
  review: ReviewPurchaseRequest;
  missing: number;
  onBought: (outcome: VerifyPaymentResponse['review_request']) => void;
}) {
  const [choosing, setChoosing] = useState(false);
  const purchase = usePurchase({
    review,
    onPurchased: (result) => {
      setChoosing(false);
      onBought(result.review_request);
    },
  });
  return (
    <div className="mt-3 rounded-xl bg-white px-4 py-3 text-sm ring-1 ring-slate-200" data-testid="buy-for-review">
      <p className="text-slate-700">
        Buy a token package of at least {formatTokens(missing)} tokens: the review is requested as soon as the payment arrives, and the
        invoice names the expert review.
      </p>
      <Button className="mt-2" onClick={() => setChoosing(true)}>
        Buy the missing tokens
      </Button>
      <PurchaseModal
        purchase={purchase}
        choosing={choosing}
        onClose={() => setChoosing(false)}
        intro={
          <p className="rounded-xl bg-amber-50 px-4 py-3 text-sm text-slate-800 ring-1 ring-amber-200" data-testid="buy-for-review-intro">
            Your balance is {formatTokens(missing)} tokens short of the expert review. Choose a package of at least {formatTokens(missing)}{' '}
            tokens.
          </p>
        }
      />
    </div>
  );
}
