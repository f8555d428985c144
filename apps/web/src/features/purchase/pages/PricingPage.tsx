import { formatTokens, PUBLIC_PAGE_META, REPORT_COSTS, TOKEN_VALIDITY_TEXT } from '@assay/shared';
import { Suspense } from 'react';
import { useSession } from '../../../lib/session.ts';
import { useTokenBalance } from '../../billing/index.ts';
import { BalanceBadge } from '../components/BalanceBadge.tsx';
import { EnterpriseNote } from '../components/EnterpriseNote.tsx';
import { PackageSection } from '../components/PackageSection.tsx';
import { usePurchase } from '../hooks/usePurchase.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { lazyNamed } from '../../../lib/lazy-named.ts';

// Most visitors only read the prices: the dialog's code loads when a Buy button opens it.
const PurchaseModal = lazyNamed(() => import('../components/PurchaseModal.tsx'), 'PurchaseModal');
// The requirements table is below the fold: its code loads after the page's, and until then the
// server-drawn table stays as drawn (React hydrates it on arrival, and its view toggles work then).
const ReportRequirements = lazyNamed(() => import('../components/ReportRequirements.tsx'), 'ReportRequirements');

/** /pricing (public): the package grid with a balance badge, the sales note and the report requirements. */
export default function PricingPage() {
  usePageTitle(PUBLIC_PAGE_META['/pricing'].name);
  const { user, restoring } = useSession();
  const balance = useTokenBalance();
  const purchase = usePurchase();
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-slate-50">
        <div className="mx-auto max-w-4xl px-4 pb-10 pt-14 text-center sm:px-6 sm:pt-20">
          <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">Pricing</p>
          <h1 className="mt-3 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-5xl">Simple, token-based pricing</h1>
          <p className="mx-auto mt-5 max-w-2xl text-base text-pretty text-slate-600 sm:text-lg">
            Buy tokens once and spend them on any report: Basic {formatTokens(REPORT_COSTS.basic)}, Advanced{' '}
            {formatTokens(REPORT_COSTS.advanced)} or Comprehensive {formatTokens(REPORT_COSTS.comprehensive)} tokens. Tokens stay valid for{' '}
            {TOKEN_VALIDITY_TEXT}.
          </p>
          <div className="mt-7 flex justify-center">
            <BalanceBadge signedIn={Boolean(user)} balance={balance.data} loading={restoring || (Boolean(user) && balance.isPending)} />
          </div>
        </div>
      </section>

      <div className="mx-auto max-w-7xl px-4 pb-20 sm:px-6">
        <section aria-labelledby="packages-title">
          <h2 id="packages-title" className="sr-only">
            Token packages
          </h2>
          <PackageSection purchase={purchase} />
          <p className="mt-6 text-center text-xs text-slate-500">
            Prices in US dollars. 18% GST is added at checkout and a GST invoice is issued.
          </p>
        </section>
        <EnterpriseNote className="mt-10" />
        <Suspense fallback={null}>
          <ReportRequirements className="mt-16" />
        </Suspense>
      </div>

      {purchase.pkg && (
        <Suspense fallback={null}>
          <PurchaseModal purchase={purchase} />
        </Suspense>
      )}
    </>
  );
}
