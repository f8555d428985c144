import { useInfiniteQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Banner } from '../../../components/ui/Banner.tsx';
import { Button, buttonClass } from '../../../components/ui/Button.tsx';
import { EmptyState } from '../../../components/ui/EmptyState.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { usePageTitle } from '../../../lib/page-title.ts';
import { ledgerQuery, purchasesQuery } from '../api/history.ts';
import { PurchasesTable } from '../components/PurchasesTable.tsx';
import { TokenHistory } from '../components/TokenHistory.tsx';
import { TokenLots } from '../components/TokenLots.tsx';

/** /billing (member shell): the member's purchases with their invoices, token history and lots (issue 16). */
export default function BillingPage() {
  usePageTitle('Billing');
  const purchases = useInfiniteQuery(purchasesQuery());
  const ledger = useInfiniteQuery(ledgerQuery());
  const purchaseRows = purchases.data?.pages.flatMap((p) => p.purchases);
  const entries = ledger.data?.pages.flatMap((p) => p.entries);
  const lots = ledger.data?.pages[0]?.lots;

  return (
    <div className="space-y-10">
      <header>
        <h1 className="text-2xl font-bold text-slate-900">Billing</h1>
        <p className="mt-1 text-sm text-slate-600">Your purchases and tax invoices, and where every token went.</p>
      </header>

      <Section id="purchases-title" title="Purchases">
        {purchases.isPending ? (
          <Loading what="purchases" />
        ) : purchases.isError ? (
          <LoadFailed what="purchases" onRetry={() => void purchases.refetch()} />
        ) : !purchaseRows?.length ? (
          <EmptyState
            title="No purchases yet"
            hint="Token packages you buy appear here with their tax invoices."
            action={
              <Link to="/login-pricing" className={buttonClass('primary')}>
                Buy Tokens
              </Link>
            }
          />
        ) : (
          <>
            <PurchasesTable purchases={purchaseRows} />
            <LoadMore
              hasMore={purchases.hasNextPage}
              loading={purchases.isFetchingNextPage}
              onMore={() => void purchases.fetchNextPage()}
              what="purchases"
            />
          </>
        )}
      </Section>

      <Section id="lots-title" title="Your tokens" hint="Tokens are spent from the lot that expires first.">
        {ledger.isPending ? (
          <Loading what="token lots" />
        ) : ledger.isError ? (
          <LoadFailed what="token lots" onRetry={() => void ledger.refetch()} />
        ) : !lots?.length ? (
          <EmptyState title="No tokens yet" hint="Tokens you buy or are given appear here with their expiry dates." />
        ) : (
          <>
            <TokenLots lots={lots} />
            {ledger.data?.pages[0]?.lots_more && (
              <p className="mt-3 text-sm text-slate-600">
                Showing your {lots.length} newest lots. Older lots are in the token history below.
              </p>
            )}
          </>
        )}
      </Section>

      <Section id="history-title" title="Token history">
        {ledger.isPending ? (
          <Loading what="token history" />
        ) : ledger.isError ? (
          <LoadFailed what="token history" onRetry={() => void ledger.refetch()} />
        ) : !entries?.length ? (
          <EmptyState title="No token activity yet" hint="Credits, reports and expiries appear here as they happen." />
        ) : (
          <>
            <TokenHistory entries={entries} />
            <LoadMore
              hasMore={ledger.hasNextPage}
              loading={ledger.isFetchingNextPage}
              onMore={() => void ledger.fetchNextPage()}
              what="token history"
            />
          </>
        )}
      </Section>
    </div>
  );
}

function Section({ id, title, hint, children }: { id: string; title: string; hint?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-3">
      <div>
        <h2 id={id} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        {hint && <p className="mt-0.5 text-sm text-slate-600">{hint}</p>}
      </div>
      {children}
    </section>
  );
}

function Loading({ what }: { what: string }) {
  return (
    <div className="flex justify-center rounded-2xl border border-slate-200 bg-white py-10">
      <Spinner className="size-6 text-brand-700" label={`Loading ${what}`} />
    </div>
  );
}

function LoadFailed({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <Banner tone="error">
      <span className="flex flex-wrap items-center justify-between gap-3">
        Your {what} could not be loaded.
        <Button size="sm" variant="outline" onClick={onRetry}>
          Try again
        </Button>
      </span>
    </Banner>
  );
}

function LoadMore({ hasMore, loading, onMore, what }: { hasMore: boolean; loading: boolean; onMore: () => void; what: string }) {
  if (!hasMore) return null;
  return (
    <div className="flex justify-center">
      <Button variant="outline" loading={loading} onClick={onMore} aria-label={`Load more ${what}`}>
        Load more
      </Button>
    </div>
  );
}
