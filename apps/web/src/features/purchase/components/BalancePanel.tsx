import { formatDay as formatDate, formatTokens, type TokenBalance } from '@assay/shared';
import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/Card.tsx';
import { cn } from '../../../components/ui/cn.ts';

/** The member's balance on Buy Tokens: available, of which promotional, held for reports in progress, next expiry. */
export function BalancePanel({ balance, loading, failed }: { balance: TokenBalance | undefined; loading: boolean; failed: boolean }) {
  return (
    <Card className="p-5 sm:p-6" aria-labelledby="balance-title" aria-busy={loading || undefined}>
      <h2 id="balance-title" className="text-sm font-semibold uppercase tracking-wide text-slate-500">
        Your balance
      </h2>
      {failed && !balance ? (
        <p className="mt-3 text-sm text-slate-600">Your balance could not be loaded right now.</p>
      ) : (
        <dl className="mt-4 grid grid-cols-2 gap-x-6 gap-y-5 lg:grid-cols-4">
          <Stat label="Available tokens" loading={loading} emphasis testId="available-tokens">
            {balance && formatTokens(balance.available_tokens)}
          </Stat>
          <Stat label="Of which promotional" loading={loading} testId="bonus-tokens">
            {balance && formatTokens(Math.min(balance.bonus_tokens, balance.available_tokens))}
          </Stat>
          <Stat label="Held for reports in progress" loading={loading} testId="held-tokens">
            {balance && formatTokens(balance.held_tokens)}
          </Stat>
          <Stat label="Next expiry" loading={loading} testId="next-expiry">
            {balance && (balance.next_expiry ? formatDate(balance.next_expiry) : '—')}
          </Stat>
        </dl>
      )}
    </Card>
  );
}

function Stat({
  label,
  children,
  loading,
  emphasis,
  testId,
}: {
  label: string;
  children: ReactNode;
  loading: boolean;
  emphasis?: boolean;
  testId: string;
}) {
  return (
    <div className={cn(emphasis && 'col-span-2 lg:col-span-1')}>
      <dt className="text-sm text-slate-500">{label}</dt>
      <dd
        className={cn('mt-1 tabular-nums', emphasis ? 'text-3xl font-bold text-brand-700' : 'text-lg font-semibold text-slate-900')}
        data-testid={testId}
      >
        {loading ? (
          <span className={cn('inline-block animate-pulse rounded bg-slate-200', emphasis ? 'h-8 w-28' : 'h-6 w-16')} />
        ) : (
          children
        )}
      </dd>
    </div>
  );
}
