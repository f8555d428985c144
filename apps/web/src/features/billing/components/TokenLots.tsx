import type { TokenLot } from '@assay/shared';
import { Badge } from '../../../components/ui/Badge.tsx';
import { formatDay, formatTokens, LOT_SOURCE_LABEL } from '../lib/history-format.ts';
import { StackedCell, StackedRow, StackedTable } from './StackedTable.tsx';

const COLUMNS = [
  { label: 'From' },
  { label: 'Received' },
  { label: 'Tokens', numeric: true },
  { label: 'Remaining', numeric: true },
  { label: 'Expires' },
];

/** Where the member's tokens sit: each lot, what is left in it and when it expires. */
export function TokenLots({ lots }: { lots: TokenLot[] }) {
  return (
    <StackedTable caption="Your token lots" columns={COLUMNS}>
      {lots.map((l) => (
        <StackedRow key={l.id} data-testid="token-lot">
          <StackedCell label="From" className="font-medium">
            {LOT_SOURCE_LABEL[l.source]}
          </StackedCell>
          <StackedCell label="Received">{formatDay(l.created_at)}</StackedCell>
          <StackedCell label="Tokens" numeric>
            {formatTokens(l.tokens)}
          </StackedCell>
          <StackedCell label="Remaining" numeric>
            {l.expired ? '0' : formatTokens(l.remaining)}
          </StackedCell>
          <StackedCell label="Expires">
            {l.expired ? <Badge tone="neutral">Expired {formatDay(l.expires_at)}</Badge> : formatDay(l.expires_at)}
          </StackedCell>
        </StackedRow>
      ))}
    </StackedTable>
  );
}
