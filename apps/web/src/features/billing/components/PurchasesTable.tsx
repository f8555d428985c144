import { formatMoney, type Purchase } from '@assay/shared';
import { Badge } from '../../../components/ui/Badge.tsx';
import { formatDay, formatTokens, purchaseStatus } from '../lib/history-format.ts';
import { PurchaseActions } from './PurchaseActions.tsx';
import { StackedCell, StackedRow, StackedTable } from './StackedTable.tsx';

const COLUMNS = [
  { label: 'Date' },
  { label: 'Package' },
  { label: 'Tokens', numeric: true },
  { label: 'Price', numeric: true },
  { label: 'Tax', numeric: true },
  { label: 'Total', numeric: true },
  { label: 'Status' },
  { label: 'Invoice and refund' },
];

/** The member's purchases: what was bought, what it cost with tax, its state and its invoice. */
export function PurchasesTable({ purchases }: { purchases: Purchase[] }) {
  return (
    <StackedTable caption="Your purchases" columns={COLUMNS}>
      {purchases.map((p) => {
        const status = purchaseStatus(p.status);
        return (
          <StackedRow key={p.id} data-testid="purchase-row">
            <StackedCell label="Date">{formatDay(p.created_at)}</StackedCell>
            <StackedCell label="Package" className="font-medium">
              {p.package_name}
            </StackedCell>
            <StackedCell label="Tokens" numeric>
              {formatTokens(p.tokens)}
            </StackedCell>
            <StackedCell label="Price" numeric>
              {formatMoney(p.price_minor, p.currency)}
            </StackedCell>
            <StackedCell label="Tax" numeric>
              {formatMoney(p.tax_minor, p.currency)}
            </StackedCell>
            <StackedCell label="Total" numeric className="font-semibold">
              {formatMoney(p.total_minor, p.currency)}
              {p.refunded_minor > 0 && (
                <span className="block text-xs font-normal text-slate-600" data-testid="refunded-amount">
                  −{formatMoney(p.refunded_minor, p.currency)} refunded
                </span>
              )}
            </StackedCell>
            <StackedCell label="Status">
              <Badge tone={status.tone}>{status.label}</Badge>
            </StackedCell>
            <StackedCell label="Invoice">
              <PurchaseActions purchase={p} />
            </StackedCell>
          </StackedRow>
        );
      })}
    </StackedTable>
  );
}
