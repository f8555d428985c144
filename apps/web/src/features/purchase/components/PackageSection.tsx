import { Button } from '../../../components/ui/Button.tsx';
import { EmptyState } from '../../../components/ui/EmptyState.tsx';
import { useSession } from '../../../lib/session.ts';
import { usePackageOffers } from '../hooks/usePackageOffers.ts';
import type { Purchase } from '../hooks/usePurchase.ts';
import { PackageGrid } from './PackageGrid.tsx';

/** Loads the packages and shows the grid (or a retry when the list failed). */
export function PackageSection({ purchase, compact, className }: { purchase: Purchase; compact?: boolean; className?: string }) {
  const { restoring } = useSession();
  const { offers, loading, failed, retry } = usePackageOffers();
  if (failed) {
    return (
      <div className={className}>
        <EmptyState
          title="Token packages could not be loaded"
          hint="Please check your connection and try again."
          action={
            <Button variant="outline" onClick={retry}>
              Try again
            </Button>
          }
        />
      </div>
    );
  }
  // While the session is being restored a Buy click could not tell a member from a visitor.
  return (
    <PackageGrid className={className} compact={compact} offers={offers} loading={loading} onBuy={purchase.buy} disabled={restoring} />
  );
}
