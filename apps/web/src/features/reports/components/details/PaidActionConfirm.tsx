import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Button } from '../../../../components/ui/Button.tsx';
import { formatTokens } from '../../lib/format.ts';

export interface PaidActionConfirmProps {
  /** What is about to happen, e.g. "Upgrade to Advanced". */
  title: string;
  /** Tokens the action costs (0: free, no price line). */
  price: number;
  /** Tokens the action gives back (a cancel returns what was held): shown with the balance after instead of a price. */
  returns?: number;
  /** The member's spendable balance, when known. */
  balance: number | undefined;
  children?: ReactNode;
  confirmLabel: string;
  tone?: 'primary' | 'danger';
  pending: boolean;
  error: string | undefined;
  onConfirm: () => void;
  onBack: () => void;
  /** Focus the confirmation when it opens (not when a field above it, e.g. a note, should have focus). */
  focusOnOpen?: boolean;
}

/**
 * The step between a click and a charge (issue 27 §5): what the action costs and the balance after
 * it, before the member confirms. Shown in place (not a second dialog over the details), focused
 * when it opens; Back returns. A balance that does not cover the price disables the confirmation
 * and says how many tokens are missing; the server still decides (403).
 */
export function PaidActionConfirm(p: PaidActionConfirmProps) {
  const heading = useId();
  const box = useRef<HTMLDivElement>(null);
  const focusOnOpen = p.focusOnOpen !== false;
  useEffect(() => {
    if (focusOnOpen) box.current?.focus();
  }, [focusOnOpen]);
  const returns = p.returns ?? 0;
  const after = p.balance === undefined ? undefined : p.balance - p.price + returns;
  const short = after !== undefined && after < 0;
  return (
    <div
      ref={box}
      tabIndex={-1}
      role="group"
      aria-labelledby={heading}
      className="rounded-xl bg-slate-50 px-4 py-3 ring-1 ring-slate-200 focus:outline-none"
      data-testid="paid-action-confirm"
    >
      <p id={heading} className="text-sm font-semibold text-slate-900">
        {p.title}
      </p>
      {p.children && <div className="mt-1 text-sm text-slate-700">{p.children}</div>}
      {p.price > 0 && (
        <dl className="mt-3 grid grid-cols-2 gap-x-6 gap-y-1 text-sm sm:max-w-md">
          <dt className="text-slate-600">Price</dt>
          <dd className="text-right font-semibold tabular-nums text-slate-900" data-testid="action-price">
            {formatTokens(p.price)} tokens
          </dd>
          <dt className="text-slate-600">Balance after</dt>
          <dd className="text-right font-semibold tabular-nums text-slate-900" data-testid="action-balance-after">
            {after === undefined ? '…' : short ? '—' : `${formatTokens(after)} tokens`}
          </dd>
        </dl>
      )}
      {p.price === 0 && returns > 0 && (
        <dl className="mt-3 grid grid-cols-2 gap-x-6 gap-y-1 text-sm sm:max-w-md">
          <dt className="text-slate-600">Returned to you</dt>
          <dd className="text-right font-semibold tabular-nums text-slate-900" data-testid="action-returns">
            {formatTokens(returns)} tokens
          </dd>
          <dt className="text-slate-600">Balance after</dt>
          <dd className="text-right font-semibold tabular-nums text-slate-900" data-testid="action-balance-after">
            {after === undefined ? '…' : `${formatTokens(after)} tokens`}
          </dd>
        </dl>
      )}
      {short && (
        <p className="mt-2 text-sm text-red-700" role="alert">
          You need {formatTokens(-after)} more tokens for this.
        </p>
      )}
      {p.error && (
        <p className="mt-2 text-sm text-red-700" role="alert">
          {p.error}
        </p>
      )}
      <div className="mt-3 flex flex-col gap-2 sm:flex-row">
        <Button variant={p.tone === 'danger' ? 'danger' : 'primary'} onClick={p.onConfirm} loading={p.pending} disabled={short}>
          {p.confirmLabel}
        </Button>
        <Button variant="outline" onClick={p.onBack} disabled={p.pending}>
          Back
        </Button>
      </div>
    </div>
  );
}
