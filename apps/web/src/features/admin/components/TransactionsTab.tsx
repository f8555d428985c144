import type { Transaction } from '@assay/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '../../../components/ui/Badge.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { EmptyState } from '../../../components/ui/EmptyState.tsx';
import { SearchBox } from '../../../components/ui/SearchBox.tsx';
import { PAGE_SIZE } from '../api/keys.ts';
import { fetchAllTransactions, transactionsQuery } from '../api/transactions.ts';
import { usePagedSearch } from '../hooks/usePagedSearch.ts';
import { statsQuery } from '../api/stats.ts';
import { formatCount, formatDateTime, formatMinor, paymentIdTail, purchaseBreakdown, titleCase, transactionLabel, transactionTone } from '../lib/format.ts';
import { RevenueFigures } from './RevenueFigures.tsx';
import { exportFileName, exportXlsx, TRANSACTION_COLUMNS } from '../lib/xlsx.ts';
import { InvoiceButton } from './InvoiceButton.tsx';
import { DownloadIcon, ListSpinner, LoadError, Pager, SectionHeader } from './Shared.tsx';

/** Token Purchases (docs/product.md §2): a table of every purchase, searchable, exportable to Excel. */
export function TransactionsTab() {
  const [search, setSearch] = useState('');
  const { q, page, setPage } = usePagedSearch(search);
  const list = useQuery(transactionsQuery(q, page));
  const stats = useQuery(statsQuery());
  const [exporting, setExporting] = useState(false);

  const onExport = async () => {
    setExporting(true);
    try {
      const all = await fetchAllTransactions(q);
      await exportXlsx(all, TRANSACTION_COLUMNS, 'Transactions', exportFileName('transactions'));
      toast.success(`Exported ${all.length.toLocaleString('en-US')} ${all.length === 1 ? 'transaction' : 'transactions'} to Excel`);
    } catch (err) {
      console.error('Failed to export transactions', err);
      toast.error('Failed to export transactions');
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="space-y-5">
      <SectionHeader
        title="Token Purchases"
        description="Every token package bought, newest first. Amounts are shown in the currency charged."
        actions={
          <Button variant="outline" onClick={() => void onExport()} loading={exporting}>
            {!exporting && <DownloadIcon />}
            Export Transactions
          </Button>
        }
      />
      {stats.data && (
        <dl className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-4 text-sm shadow-sm sm:grid-cols-2" data-testid="purchase-summary">
          <div>
            <dt className="text-xs font-medium text-slate-600">Purchases</dt>
            <dd className="mt-1 font-semibold text-slate-900" data-testid="purchase-breakdown">
              {purchaseBreakdown(stats.data.purchases)}
            </dd>
          </div>
          <div>
            <dt className="text-xs font-medium text-slate-600">Revenue (paid purchases, per currency)</dt>
            <dd className="mt-1">
              <RevenueFigures rows={stats.data.revenue_by_currency} size="sm" />
            </dd>
          </div>
        </dl>
      )}
      <SearchBox
        className="w-full sm:max-w-sm"
        label="Search transactions"
        value={search}
        onChange={setSearch}
        placeholder="Search by name, email, package, order or payment ID…"
      />
      {list.data ? (
        list.data.items.length === 0 ? (
          <EmptyState title="No transactions found" hint={q ? 'Try a different search.' : 'Purchases appear here once members buy tokens.'} />
        ) : (
          <>
            <TransactionsTable rows={list.data.items} />
            <Pager page={page} pageSize={PAGE_SIZE.transactions} total={list.data.total} onPage={setPage} busy={list.isPlaceholderData} noun="transactions" />
          </>
        )
      ) : list.isError ? (
        <LoadError what="transactions" onRetry={() => void list.refetch()} />
      ) : (
        <ListSpinner />
      )}
    </div>
  );
}

export function TransactionsTable({ rows }: { rows: Transaction[] }) {
  return (
    <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm">
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <caption className="sr-only">Token purchases</caption>
        <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase">
          <tr>
            <th scope="col" className="px-4 py-3">User</th>
            <th scope="col" className="px-4 py-3">Plan</th>
            <th scope="col" className="px-4 py-3 text-right">Amount</th>
            <th scope="col" className="px-4 py-3">Status</th>
            <th scope="col" className="px-4 py-3">Date</th>
            <th scope="col" className="px-4 py-3">Payment ID</th>
            <th scope="col" className="px-4 py-3">Invoice</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((t) => (
            <tr key={t.id} className="align-top hover:bg-slate-50/70" data-testid="transaction-row">
              <td className="px-4 py-3">
                <p className="font-medium whitespace-nowrap text-slate-900">{t.user_name ?? 'Deleted user'}</p>
                {t.user_email && <p className="text-xs whitespace-nowrap text-slate-500">{t.user_email}</p>}
              </td>
              <td className="px-4 py-3 whitespace-nowrap">
                <p className="font-medium text-slate-900">{titleCase(t.plan_name)}</p>
                <p className="text-xs text-slate-500">{formatCount(t.tokens)} tokens</p>
              </td>
              <td className="px-4 py-3 text-right font-medium whitespace-nowrap text-slate-900 tabular-nums">
                {formatMinor(t.amount_paid, t.currency)}
              </td>
              <td className="px-4 py-3">
                <Badge tone={transactionTone(t.status)}>{transactionLabel(t.status)}</Badge>
              </td>
              <td className="px-4 py-3 whitespace-nowrap text-slate-700">{formatDateTime(t.created_at)}</td>
              <td className="px-4 py-3 font-mono text-xs whitespace-nowrap text-slate-700" title={t.razorpay_payment_id ?? undefined}>
                {paymentIdTail(t.razorpay_payment_id)}
              </td>
              <td className="px-4 py-3 whitespace-nowrap">
                <InvoiceButton invoiceNumber={t.invoice_number} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
