import { formatTokens, MSG, type TokenBalance } from '@assay/shared';
import { Link } from 'react-router';
import { cn } from '../../../components/ui/cn.ts';

const coin = (
  <svg viewBox="0 0 20 20" className="size-4 shrink-0" fill="currentColor" aria-hidden="true">
    <path d="M10 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16Zm.75 4.5v.6c1.02.2 1.85.83 2.1 1.8a.75.75 0 0 1-1.45.38c-.1-.38-.55-.78-1.4-.78-.97 0-1.4.5-1.4.87 0 .4.26.7 1.54.96 1.5.3 2.81.86 2.81 2.42 0 1.02-.8 1.8-2.2 2.05v.7a.75.75 0 0 1-1.5 0v-.68c-1.14-.2-2-.9-2.22-1.92a.75.75 0 0 1 1.47-.3c.08.4.56.86 1.5.86 1.04 0 1.45-.45 1.45-.71 0-.32-.15-.62-1.6-.92-1.4-.28-2.75-.82-2.75-2.46 0-.97.74-1.8 1.95-2.07V6.5a.75.75 0 0 1 1.5 0Z" />
  </svg>
);

/**
 * The balance badge above the package grid: a member's available tokens, or for a visitor
 * MSG.freeTokensBadge, 'For free tokens, please sign up' (a link to /signup).
 */
export function BalanceBadge({
  signedIn,
  balance,
  loading,
  className,
}: {
  signedIn: boolean;
  balance: TokenBalance | undefined;
  loading?: boolean;
  className?: string;
}) {
  const base = 'inline-flex items-center gap-2 rounded-full px-4 py-1.5 text-sm font-medium ring-1 ring-inset';
  if (!signedIn) {
    return (
      <Link
        to="/signup"
        className={cn(
          base,
          'bg-emerald-50 text-emerald-800 ring-emerald-200 hover:bg-emerald-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600',
          className,
        )}
        data-testid="token-balance"
        // Hidden from a returning member until the session is known (decision 171).
        data-visitor-only
      >
        {coin}
        {MSG.freeTokensBadge}
      </Link>
    );
  }
  if (!balance && !loading) {
    return (
      <span className={cn(base, 'bg-slate-50 text-slate-600 ring-slate-200', className)} data-testid="token-balance">
        {coin}
        Balance unavailable
      </span>
    );
  }
  if (!balance) {
    return (
      <span className={cn(base, 'bg-slate-50 text-slate-500 ring-slate-200', className)} aria-busy="true">
        {coin}
        <span className="h-4 w-28 animate-pulse rounded bg-slate-200" />
        <span className="sr-only">Loading your balance</span>
      </span>
    );
  }
  return (
    <span className={cn(base, 'bg-brand-50 text-brand-800 ring-brand-200', className)} data-testid="token-balance">
      {coin}
      <span>
        Available: <strong className="font-semibold tabular-nums">{formatTokens(balance.available_tokens)}</strong> tokens
      </span>
    </span>
  );
}
