import { type BillingDetailsView, formatMoney, formatTokens, TOKEN_VALIDITY_TEXT } from '@assay/shared';
import { useEffect, useRef, type ReactNode } from 'react';
import { Banner } from '../../../components/ui/Banner.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import type { Purchase } from '../hooks/usePurchase.ts';
import { billedTo } from '../../billing/index.ts';
import { reviewBreakdown } from '../lib/pricing.ts';

/**
 * The review / processing body of the purchase modal (also usable inside another dialog). With
 * the member's billing details it shows where they are billed and the GST that applies there.
 */
export function PurchaseReview({
  purchase,
  onCancel,
  billing,
  onChangeCountry,
}: {
  purchase: Purchase;
  onCancel?: () => void;
  billing?: BillingDetailsView | undefined;
  onChangeCountry?: () => void;
}) {
  const { pkg, order, step, notice } = purchase;
  const processing = step === 'processing';
  // The checkout window takes focus; when it ends without a purchase, focus comes back to the button that opened it.
  const proceedRef = useRef<HTMLButtonElement>(null);
  const wasProcessing = useRef(false);
  useEffect(() => {
    if (wasProcessing.current && !processing) proceedRef.current?.focus();
    wasProcessing.current = processing;
  }, [processing]);
  if (!pkg) return null;
  const b = reviewBreakdown(pkg, order, billing?.gst_percent ?? undefined);
  const money = (minor: number) => formatMoney(minor, b.currency);
  return (
    <div className="space-y-5" data-testid="purchase-review" data-step={step}>
      <dl className="divide-y divide-slate-100 rounded-xl border border-slate-200 text-sm">
        <Row label="Package" value={<span className="font-medium text-slate-900">{pkg.name}</span>} />
        <Row label="Tokens" value={<span className="tabular-nums">{formatTokens(pkg.tokens)}</span>} />
        <Row label="Price" value={money(b.price)} testId="review-price" />
        <Row label={b.gstPercent === 0 ? 'GST (export, zero-rated)' : `GST (${b.gstPercent}%)`} value={money(b.gst)} testId="review-gst" />
        <Row
          label={<span className="font-semibold text-slate-900">Total</span>}
          value={<span className="text-base font-bold text-slate-900">{money(b.total)}</span>}
          testId="review-total"
          className="bg-slate-50"
        />
      </dl>

      {billing?.country && (
        <p className="flex flex-wrap items-center gap-x-2 text-sm text-slate-600" data-testid="review-billed-to">
          <span>
            Billed to <strong className="font-semibold text-slate-800">{billedTo(billing.country, billing.state_code)}</strong>
          </span>
          {onChangeCountry && !processing && (
            <button
              type="button"
              onClick={onChangeCountry}
              className="rounded font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
            >
              Change<span className="sr-only"> billing country</span>
            </button>
          )}
        </p>
      )}

      <ul className="space-y-2 text-sm text-slate-600">
        <Note icon="clock">
          Tokens are valid for <strong className="font-semibold text-slate-800">{TOKEN_VALIDITY_TEXT}</strong> from purchase and are
          non-transferable.
        </Note>
        <Note icon="doc">A GST invoice is issued for every purchase.</Note>
        <Note icon="lock">Secure payment through Razorpay.</Note>
      </ul>

      {notice && <Banner tone="error">{notice}</Banner>}

      {processing ? (
        <div className="flex items-center gap-3 rounded-xl bg-brand-50 px-4 py-3 text-sm text-brand-900" role="status" aria-live="polite">
          <Spinner className="size-5 text-brand-700" />
          <span>{order ? 'Complete the payment in the secure checkout window…' : 'Preparing your order…'}</span>
        </div>
      ) : null}

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        {onCancel && !processing && (
          <Button variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        )}
        <Button ref={proceedRef} onClick={() => void purchase.proceed()} loading={processing} className="sm:min-w-48">
          {processing ? 'Processing…' : 'Proceed to payment'}
        </Button>
      </div>
    </div>
  );
}

function Row({ label, value, testId, className }: { label: ReactNode; value: ReactNode; testId?: string; className?: string }) {
  return (
    <div className={`flex items-center justify-between gap-4 px-4 py-2.5 ${className ?? ''}`}>
      <dt className="text-slate-600">{label}</dt>
      <dd className="text-right tabular-nums text-slate-800" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

const ICONS = {
  clock: 'M12 6v6l4 2m6-2a10 10 0 1 1-20 0 10 10 0 0 1 20 0Z',
  doc: 'M9 12h6m-6 4h6M7 3h7l5 5v11a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2Z',
  lock: 'M16 11V7a4 4 0 1 0-8 0v4m-2 0h12a1 1 0 0 1 1 1v8a1 1 0 0 1-1 1H6a1 1 0 0 1-1-1v-8a1 1 0 0 1 1-1Z',
} as const;

function Note({ icon, children }: { icon: keyof typeof ICONS; children: ReactNode }) {
  return (
    <li className="flex gap-2.5">
      <svg
        viewBox="0 0 24 24"
        className="mt-0.5 size-4 shrink-0 text-brand-600"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        aria-hidden="true"
      >
        <path d={ICONS[icon]} strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <span>{children}</span>
    </li>
  );
}
