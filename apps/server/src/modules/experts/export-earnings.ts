import { Readable } from 'node:stream';
import { TIER_LABELS, type Complexity } from '@assay/shared';
import type { Queryable } from '../../db/client.ts';
import { ascendingPages } from '../../lib/paging.ts';
import { csvRow } from '../contact/index.ts';

export const EARNINGS_CSV_HEADER = [
  'Delivered at (UTC)',
  'Expert',
  'Expert e-mail',
  'RTTP number',
  'Review request',
  'Report tier',
  'Amount (tokens)',
  'Status',
  'Payout',
  'Paid through (UTC day)',
  'Paid at (UTC)',
  'Payment reference',
] as const;

interface EarningLine {
  id: string;
  accrued_at: Date;
  name: string;
  email: string;
  rttp_number: string;
  complexity: Complexity;
  tokens: number;
  payout_id: string | null;
  through: string | null;
  paid_at: Date | null;
  reference: string | null;
}

/**
 * The payout CSV (decision 234): one row per review delivered from `from` to `to` (UTC days,
 * inclusive), oldest first, optionally of one expert — what the provider owes for it and whether
 * and when it was paid. Streamed a page at a time (keyset on the accrual time and the request id,
 * lib/paging.ts), so memory stays flat however many reviews the period holds, as the other
 * exports do (docs/decisions/181-heavy-work-off-the-event-loop.md). `finished(count, complete)`
 * runs once at the end, or when the download is abandoned, for the audit log.
 */
export function exportEarnings(
  db: Queryable,
  filter: { from: string; to: string; expertId?: string | undefined },
  finished: (count: number, complete: boolean) => Promise<void>,
): Readable {
  async function* lines() {
    let count = 0;
    let complete = false;
    try {
      yield `\uFEFF${csvRow(EARNINGS_CSV_HEADER)}\r\n`;
      const pages = ascendingPages<EarningLine>(db, {
        columns: `x.request_id AS id, x.accrued_at, e.name, e.email, e.rttp_number, x.complexity, x.tokens, x.payout_id,
                  to_char(p.through, 'YYYY-MM-DD') AS through, p.paid_at, p.reference`,
        from: 'expert_earnings x JOIN experts e ON e.id = x.expert_id LEFT JOIN expert_payouts p ON p.id = x.payout_id',
        where: `x.accrued_at >= $1::date::timestamp AT TIME ZONE 'UTC' AND x.accrued_at < ($2::date + 1)::timestamp AT TIME ZONE 'UTC'
                AND ($3::uuid IS NULL OR x.expert_id = $3::uuid)`,
        params: [filter.from, filter.to, filter.expertId ?? null],
        at: 'x.accrued_at',
        id: 'x.request_id',
        idType: 'uuid',
      });
      for await (const page of pages) {
        count += page.length;
        yield `${page
          .map((x) =>
            csvRow([
              x.accrued_at,
              x.name,
              x.email,
              x.rttp_number,
              x.id,
              TIER_LABELS[x.complexity],
              x.tokens,
              x.payout_id ? 'paid' : 'owed',
              x.payout_id,
              x.through,
              x.paid_at,
              x.reference,
            ]),
          )
          .join('\r\n')}\r\n`;
      }
      complete = true;
    } finally {
      await finished(count, complete);
    }
  }
  return Readable.from(lines());
}
