import { cn } from '../../../components/ui/cn.ts';
import type { PackageOffer } from '../lib/pricing.ts';
import { PackageCard, PackageCardSkeleton } from './PackageCard.tsx';

/** The token package grid of /pricing and /login-pricing: one column on phones, four on wide screens. */
export function PackageGrid({
  offers,
  loading,
  onBuy,
  disabled,
  compact,
  className,
}: {
  offers: PackageOffer[];
  loading: boolean;
  onBuy: (offer: PackageOffer) => void;
  disabled?: boolean;
  /** Two columns at most (inside a dialog). */
  compact?: boolean;
  className?: string;
}) {
  return (
    <div
      className={cn('grid gap-6 pt-3 sm:grid-cols-2', !compact && 'xl:grid-cols-4', className)}
      aria-busy={loading || undefined}
      data-testid="package-grid"
    >
      {loading
        ? Array.from({ length: 4 }, (_, i) => <PackageCardSkeleton key={i} />)
        : offers.map((offer) => <PackageCard key={offer.id} offer={offer} onBuy={onBuy} disabled={disabled} />)}
      {loading && (
        <span className="sr-only" role="status">
          Loading token packages
        </span>
      )}
    </div>
  );
}
