import { COMPLEXITIES, REPORT_COSTS } from '@assay/shared';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/Button.tsx';
import { Modal } from '../../../components/ui/Modal.tsx';
import { COMPLEXITY_LABELS, formatTokens } from '../lib/format.ts';

export interface BuyTokensModalProps {
  open: boolean;
  onClose: () => void;
  balance: number | undefined;
  /** The cost of the report the member tried to start, when that is why the modal opened. */
  needed?: number | undefined;
}

/** Explains the balance and sends the member to the token packages (/login-pricing). */
export function BuyTokensModal({ open, onClose, balance, needed }: BuyTokensModalProps) {
  return (
    <Modal open={open} onClose={onClose} title="Buy Tokens" size="sm">
      <div className="space-y-5">
        <div className="rounded-xl bg-brand-50 px-4 py-3 ring-1 ring-brand-100">
          <p className="text-xs font-medium uppercase tracking-wide text-brand-800">Your balance</p>
          <p className="mt-0.5 text-2xl font-bold text-slate-900 tabular-nums">
            {balance === undefined ? '—' : formatTokens(balance)} <span className="text-sm font-medium text-slate-600">tokens</span>
          </p>
          {needed !== undefined && balance !== undefined && needed > balance && (
            <p className="mt-1 text-sm text-slate-700">
              This report needs {formatTokens(needed)} tokens: {formatTokens(needed - balance)} more than you have.
            </p>
          )}
        </div>
        <div>
          <p className="text-sm font-medium text-slate-700">What a report costs</p>
          <ul className="mt-2 divide-y divide-slate-100 rounded-xl border border-slate-200">
            {COMPLEXITIES.map((c) => (
              <li key={c} className="flex items-center justify-between px-4 py-2.5 text-sm">
                <span className="text-slate-700">{COMPLEXITY_LABELS[c]}</span>
                <span className="font-medium text-slate-900 tabular-nums">{formatTokens(REPORT_COSTS[c])} tokens</span>
              </li>
            ))}
          </ul>
        </div>
        <p className="text-sm text-slate-600">Token packages are paid by card. Tokens are added to your balance as soon as the payment is confirmed.</p>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" onClick={onClose} className={buttonClass('ghost')}>
            Not now
          </button>
          <Link to="/login-pricing" className={buttonClass('primary')}>
            See token packages
          </Link>
        </div>
      </div>
    </Modal>
  );
}
