import { formatMoney, MSG, PAYMENT_STATE_LABELS, PAYMENT_STATES, type Transaction } from '@assay/shared';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '../../../components/ui/Badge.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { EmptyState } from '../../../components/ui/EmptyState.tsx';
import { SearchBox } from '../../../components/ui/SearchBox.tsx';
import { PAGE_SIZE, type TransactionFilter } from '../api/keys.ts';
import { downloadTransactionsXlsx, transactionsQuery } from '../api/transactions.ts';
import { useOperatorSearch, usePageFor } from '../hooks/usePagedSearch.ts';
import { statsQuery } from '../api/stats.ts';
import {
  formatCount,
  formatDateTime,
  paymentIdTail,
  purchaseBreakdown,
  titleCase,
  transactionLabel,
  transactionTone,
} from '../lib/format.ts';
import { RevenueFigures } from './RevenueFigures.tsx';
import { InvoiceButton } from './InvoiceButton.tsx';
import {
  DateRangeInputs,
  DateRangeNotes,
  DownloadIcon,
  ListSpinner,
  LoadError,
  Pager,
  ScrollTable,
  SectionHeader,
  rangeReversed,
} from './Shared.tsx';

/**
 * Token Purchases (docs/product.md §2): a table of every purchase, searchable (a state's name
 * too: "refunded"), filtered by state and day, exportable to Excel. Each row carries its state
 * in the one vocabulary and its figures net of refunds (docs/decisions/167).
 */
export function TransactionsTab() {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const { q, tooShort } = useOperatorSearch(search);
  const filter = useMemo<TransactionFilter>(() => ({ q, status, from, to }), [q, status, from, to]);
  const { page, setPage } = usePageFor(JSON.stringify(filter));
  const rangeInvalid = rangeReversed(from, to);
  const filtered = Boolean(q || status || from || to);
  const list = useQuery({ ...transactionsQuery(filter, page), enabled: !rangeInvalid });
  const stats = useQuery(statsQuery());
  const [exporting, setExporting] = useState(false);

  const onExport = async () => {
    setExporting(true);
    try {
      await downloadTransactionsXlsx(filter);
      toast.success(filtered ? 'Exported the matching transactions to Excel' : 'Exported all transactions to Excel');
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
        <dl
          className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-4 text-sm shadow-sm sm:grid-cols-2"
          data-testid="purchase-summary"
        >
          <div>
            <dt className="text-xs font-medium text-slate-600">Purchases</dt>
            <dd className="mt-1 font-semibold text-slate-900" data-testid="purchase-breakdown">
              {purchaseBreakdown(stats.data.purchases)}
            </dd>
          </div>
          <div>
            <dt className="text-xs font-medium text-slate-600">Revenue net of refunds (per currency)</dt>
            <dd className="mt-1">
              <RevenueFigures rows={stats.data.revenue_by_currency} size="sm" />
            </dd>
            {stats.data.revenue_by_currency.map((r) => (
              <dd key={r.currency} className="mt-1 text-xs text-slate-600" data-testid="revenue-detail">
                {r.currency}: {formatMoney(r.gross_minor, r.currency)} paid − {formatMoney(r.refunded_minor, r.currency)} refunded; GST kept{' '}
                {formatMoney(r.tax_minor, r.currency)}
              </dd>
            ))}
          </div>
        </dl>
      )}
      <div className="flex flex-col gap-3 lg:flex-row lg:items-end">
        <SearchBox
          className="w-full sm:max-w-sm"
          label="Search transactions"
          value={search}
          onChange={setSearch}
          placeholder="Name, email, package, order or payment ID, or a status…"
          hint={tooShort ? MSG.searchTooShort : undefined}
        />
        <fieldset className="flex flex-wrap items-end gap-3">
          <legend className="sr-only">Status and date filter</legend>
          <label className="flex flex-col gap-1 text-xs font-medium text-slate-600">
            Status
            <select
              value={status}
              onChange={(e) => setStatus(e.target.value)}
              className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-600/20 focus:outline-none"
            >
              <option value="">All</option>
              {PAYMENT_STATES.map((s) => (
                <option key={s} value={s}>
                  {PAYMENT_STATE_LABELS[s]}
                </option>
              ))}
            </select>
          </label>
          <DateRangeInputs from={from} to={to} onFrom={setFrom} onTo={setTo} />
          <Button
            variant="ghost"
            disabled={!status && !from && !to}
            onClick={() => {
              setStatus('');
              setFrom('');
              setTo('');
            }}
          >
            Clear
          </Button>
        </fieldset>
      </div>
      <DateRangeNotes from={from} to={to} />
      {list.data ? (
        list.data.items.length === 0 ? (
          <EmptyState
            title="No transactions found"
            hint={filtered ? 'Try a different search, status or date range.' : 'Purchases appear here once members buy tokens.'}
          />
        ) : (
          <>
            <TransactionsTable rows={list.data.items} />
            <Pager
              page={page}
              pageSize={PAGE_SIZE.transactions}
              total={list.data.total}
              onPage={setPage}
              busy={list.isPlaceholderData}
              noun="transactions"
            />
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
    <ScrollTable label="Token purchases">
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <caption className="sr-only">Token purchases</caption>
        <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase">
          <tr>
            <th scope="col" className="px-4 py-3">
              User
            </th>
            <th scope="col" className="px-4 py-3">
              Plan
            </th>
            <th scope="col" className="px-4 py-3 text-right">
              Amount
            </th>
            <th scope="col" className="px-4 py-3">
              Status
            </th>
            <th scope="col" className="px-4 py-3">
              Date
            </th>
            <th scope="col" className="px-4 py-3">
              Payment ID
            </th>
            <th scope="col" className="px-4 py-3">
              Invoice
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((t) => (
            <tr key={t.id} className="align-top hover:bg-slate-50/70" data-testid="transaction-row">
              <td className="px-4 py-3">
                <p className="font-medium whitespace-nowrap text-slate-900">{t.user_name ?? 'Deleted user'}</p>
                {t.user_email && <p className="max-w-[14rem] text-xs break-all text-slate-500">{t.user_email}</p>}
              </td>
              <td className="px-4 py-3 whitespace-nowrap">
                <p className="font-medium text-slate-900">{titleCase(t.plan_name)}</p>
                <p className="text-xs text-slate-500">{formatCount(t.tokens)} tokens</p>
              </td>
              <td className="px-4 py-3 text-right whitespace-nowrap tabular-nums">
                <p className="font-medium text-slate-900">{formatMoney(t.amount_paid, t.currency)}</p>
                <p className="text-xs text-slate-600">incl. GST {formatMoney(t.tax_minor, t.currency)}</p>
                {t.refunded_minor > 0 && (
                  <p className="text-xs text-slate-600">
                    −{formatMoney(t.refunded_minor, t.currency)} refunded · net {formatMoney(t.net_minor, t.currency)}
                  </p>
                )}
              </td>
              <td className="px-4 py-3">
                <Badge tone={transactionTone(t.status)}>{transactionLabel(t.status)}</Badge>
                {t.refund_requested && <p className="mt-1 text-xs whitespace-nowrap text-amber-800">Refund requested</p>}
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
    </ScrollTable>
  );
}
