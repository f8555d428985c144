import type { Queryable } from '../../db/client.ts';
import { ascendingPages } from '../../lib/paging.ts';

export interface LedgerLot {
  id: string;
  kind: string;
  source: string;
  tokens: number;
  remaining: number;
  expires_at: string;
  payment_id: string | null;
  created_at: string;
}

export interface LedgerEntry {
  id: number;
  at: string;
  kind: string;
  amount: number;
  lot_id: string;
  report_id: string | null;
  payment_id: string | null;
  note: string | null;
}

/** A member's token history for the export: each list a page at a time, oldest first. */
export interface LedgerExport {
  lots: AsyncIterable<LedgerLot[]>;
  entries: AsyncIterable<LedgerEntry[]>;
}

/**
 * Every lot and ledger entry of a member, oldest first: their token history in full (data
 * export), read a page at a time (keyset) as the export writes it, never whole.
 */
export function exportLedger(q: Queryable, userId: string, pageSize?: number): LedgerExport {
  async function* lots() {
    const pages = ascendingPages<{
      id: string;
      kind: string;
      source: string;
      tokens: number;
      remaining: number;
      expires_at: Date;
      payment_id: string | null;
      created_at: Date;
    }>(q, {
      columns: 'id, kind, source, tokens, remaining, expires_at, payment_id, created_at',
      from: 'token_lots',
      where: 'user_id = $1',
      params: [userId],
      at: 'created_at',
      id: 'id',
      idType: 'uuid',
      pageSize,
    });
    for await (const rows of pages) {
      yield rows.map(({ cursor_at: _, ...l }) => ({
        ...l,
        expires_at: l.expires_at.toISOString(),
        created_at: l.created_at.toISOString(),
      }));
    }
  }
  async function* entries() {
    const pages = ascendingPages<{
      id: string;
      created_at: Date;
      kind: string;
      amount: number;
      lot_id: string;
      report_id: string | null;
      payment_id: string | null;
      note: string | null;
    }>(q, {
      columns: 'e.id, e.created_at, e.kind, e.amount, e.lot_id, h.report_id, e.payment_id, e.note',
      from: 'token_ledger e LEFT JOIN token_holds h ON h.id = e.hold_id',
      where: 'e.user_id = $1',
      params: [userId],
      id: 'e.id',
      idType: 'bigint',
      pageSize,
    });
    for await (const rows of pages) {
      yield rows.map(({ created_at, cursor_at: _, ...e }) => ({ ...e, id: Number(e.id), at: created_at.toISOString() }));
    }
  }
  return { lots: lots(), entries: entries() };
}
