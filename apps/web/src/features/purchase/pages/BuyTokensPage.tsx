import { TOKEN_VALIDITY_TEXT } from '@assay/shared';
import { useTokenBalance } from '../../billing/index.ts';
import { BalancePanel } from '../components/BalancePanel.tsx';
import { EnterpriseNote } from '../components/EnterpriseNote.tsx';
import { PackageSection } from '../components/PackageSection.tsx';
import { PurchaseModal } from '../components/PurchaseModal.tsx';
import { ReportRequirements } from '../components/ReportRequirements.tsx';
import { usePurchase } from '../hooks/usePurchase.ts';
import { usePageTitle } from '../../../lib/page-title.ts';

/** /login-pricing (member shell): the member's balance, the package grid and the report requirements. */
export default function BuyTokensPage() {
  usePageTitle('Buy tokens');
  const balance = useTokenBalance();
  const purchase = usePurchase();
  return (
    <div className="space-y-10">
      <div className="space-y-6">
        <header>
          <h1 className="text-2xl font-bold text-slate-900">Buy Tokens</h1>
          <p className="mt-1 text-sm text-slate-600">
            Top up your balance and generate reports whenever you are ready. Tokens are valid for {TOKEN_VALIDITY_TEXT}.
          </p>
        </header>
        {/* The member's balance badge, in full: available, of which promotional, held, next expiry. */}
        <BalancePanel balance={balance.data} loading={balance.isPending} failed={balance.isError} />
      </div>

      <section aria-labelledby="packages-title">
        <h2 id="packages-title" className="text-lg font-semibold text-slate-900">
          Token packages
        </h2>
        <p className="mt-1 text-sm text-slate-600">Prices in US dollars; 18% GST is added at checkout.</p>
        <PackageSection purchase={purchase} className="mt-6" />
      </section>

      <EnterpriseNote />
      <ReportRequirements />

      <PurchaseModal purchase={purchase} />
    </div>
  );
}
