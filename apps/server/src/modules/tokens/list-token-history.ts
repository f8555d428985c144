import { describeLedgerEntry, LEDGER_LOTS_SHOWN, type LedgerEntry, type LedgerEntryKind, type TokenLot } from '@assay/shared';
import type { Queryable } from '../../db/client.ts';
import { decodeIdCursor, encodeIdCursor } from '../../lib/paging.ts';

interface EntryRow {
  first_id: number;
  at: Date;
  kind: string;
  amount: number;
  note: string | null;
  report_id: string | null;
  hold_state: 'held' | 'captured' | 'released' | null;
  lot_source: string;
  package_name: string | null;
  title: string | null;
  purpose: string | null;
}

/**
 * One ledger row is one lot's share of an event; the member sees the event. A report's hold,
 * its release and an operator's deduction take from several lots at once (same moment, same
 * hold or note), so those rows are summed into one entry; every other kind is one lot's.
 */
const SPANS_LOTS = `e.kind IN ('hold', 'release', 'adjust_debit')`;

/** The ledger's kind in the member's words (docs/decisions/131-billing-history-and-token-grants.md). */
function plainKind(r: EntryRow): LedgerEntryKind {
  switch (r.kind) {
    case 'purchase': return 'purchase';
    case 'grant': return r.lot_source === 'signup_bonus' ? 'signup_bonus' : 'promotion';
    case 'adjust_credit': return 'operator_grant';
    case 'adjust_debit': return 'operator_deduction';
    // A delivered report's hold is its charge: the tokens were spent when it was captured.
    case 'hold': return r.hold_state === 'captured' ? 'spent' : 'held';
    case 'release': return 'released';
    case 'expiry': return 'expired';
    case 'forfeit': return 'forfeited';
    default: return r.kind.startsWith('refund') ? 'refunded' : 'other';
  }
}

/** Only operators' notes are reasons the member should read; the system's own notes are not. */
const REASON_KINDS = new Set<LedgerEntryKind>(['operator_grant', 'operator_deduction', 'refunded']);

const LOT_SOURCE: Record<string, TokenLot['source']> = {
  purchase: 'purchase',
  signup_bonus: 'signup_bonus',
  adjustment: 'operator_grant',
};

/**
 * The member's token history, newest first, one page after `cursor`, and their newest lots
 * (expiry and what is left), at most LEDGER_LOTS_SHOWN of them: a member who has bought for
 * years has hundreds, and every page carries them (docs/decisions/180-bounded-lists-and-searches.md).
 * Reports are named only when they are the member's own.
 */
export async function listTokenHistory(q: Queryable, userId: string, page: { cursor?: string | undefined; limit: number }) {
  const before = page.cursor ? decodeIdCursor(page.cursor) : null;
  const entries = await q.query<EntryRow>(
    `SELECT min(e.id)::int8 AS first_id, min(e.created_at) AS at, e.kind, sum(e.amount)::int8 AS amount, e.note,
            h.report_id, h.state AS hold_state, h.purpose, min(l.source) AS lot_source, min(p.package_name) AS package_name,
            min(r.title) AS title
       FROM token_ledger e
       JOIN token_lots l ON l.id = e.lot_id
       LEFT JOIN token_holds h ON h.id = e.hold_id AND h.user_id = e.user_id
       LEFT JOIN payments p ON p.id = e.payment_id
       LEFT JOIN reports r ON r.id::text = h.report_id AND r.user_id = e.user_id
      WHERE e.user_id = $1 AND ($2::int8 IS NULL OR e.id < $2::int8)
      GROUP BY e.kind, e.created_at, e.hold_id, e.note, h.report_id, h.state, h.purpose, CASE WHEN ${SPANS_LOTS} THEN NULL ELSE e.lot_id END
      ORDER BY first_id DESC
      LIMIT $3`,
    [userId, before, page.limit + 1],
  );
  const rows = entries.rows.slice(0, page.limit);
  const last = rows[rows.length - 1];
  const next = entries.rows.length > page.limit && last ? encodeIdCursor(last.first_id) : undefined;

  const lots = await q.query<{ id: string; source: string; created_at: Date; tokens: number; remaining: number; expires_at: Date; expired: boolean }>(
    `SELECT id, source, created_at, tokens, remaining, expires_at, expires_at <= now() AS expired
       FROM token_lots WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2`,
    [userId, LEDGER_LOTS_SHOWN + 1],
  );

  return {
    entries: rows.map((r): LedgerEntry => {
      const kind = plainKind(r);
      const report = r.report_id ? { id: r.report_id, title: r.title } : null;
      const reason = REASON_KINDS.has(kind) ? r.note : null;
      return {
        id: String(r.first_id),
        at: new Date(r.at).toISOString(),
        kind,
        description: describeLedgerEntry({ kind, report, reason, package_name: r.package_name, purpose: r.purpose }),
        amount: Number(r.amount),
        report,
        reason,
      };
    }),
    lots: lots.rows.slice(0, LEDGER_LOTS_SHOWN).map((l): TokenLot => ({
      id: l.id,
      source: LOT_SOURCE[l.source] ?? 'operator_grant',
      created_at: l.created_at.toISOString(),
      tokens: l.tokens,
      remaining: l.remaining,
      expires_at: l.expires_at.toISOString(),
      expired: l.expired,
    })),
    lotsMore: lots.rows.length > LEDGER_LOTS_SHOWN,
    next,
  };
}
