import type { Queryable } from '../../db/client.ts';

export interface LedgerExport {
  lots: Array<{
    id: string;
    kind: string;
    source: string;
    tokens: number;
    remaining: number;
    expires_at: string;
    payment_id: string | null;
    created_at: string;
  }>;
  entries: Array<{
    id: number;
    at: string;
    kind: string;
    amount: number;
    lot_id: string;
    report_id: string | null;
    payment_id: string | null;
    note: string | null;
  }>;
}

/** Every lot and ledger entry of a member, oldest first: their token history in full (data export). */
export async function exportLedger(q: Queryable, userId: string): Promise<LedgerExport> {
  const lots = await q.query<{
    id: string; kind: string; source: string; tokens: number; remaining: number; expires_at: Date; payment_id: string | null; created_at: Date;
  }>(
    `SELECT id, kind, source, tokens, remaining, expires_at, payment_id, created_at
       FROM token_lots WHERE user_id = $1 ORDER BY created_at, id`,
    [userId],
  );
  const entries = await q.query<{
    id: number; created_at: Date; kind: string; amount: number; lot_id: string; report_id: string | null; payment_id: string | null; note: string | null;
  }>(
    `SELECT e.id, e.created_at, e.kind, e.amount, e.lot_id, h.report_id, e.payment_id, e.note
       FROM token_ledger e LEFT JOIN token_holds h ON h.id = e.hold_id
      WHERE e.user_id = $1 ORDER BY e.id`,
    [userId],
  );
  return {
    lots: lots.rows.map((l) => ({ ...l, expires_at: l.expires_at.toISOString(), created_at: l.created_at.toISOString() })),
    entries: entries.rows.map(({ created_at, ...e }) => ({ ...e, id: Number(e.id), at: created_at.toISOString() })),
  };
}
