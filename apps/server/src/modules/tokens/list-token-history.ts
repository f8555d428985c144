import { describeLedgerEntry, LEDGER_LOTS_SHOWN, type LedgerEntry, type LedgerEntryKind, type TokenLot } from '@assay/shared';
import type { Queryable } from '../../db/client.ts';
import { cursorAt, decodeLedgerCursor, encodeLedgerCursor } from '../../lib/paging.ts';

interface EntryRow {
  first_id: number;
  cursor_at: string;
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

/** The ledger's kind in the member's words (docs/decisions/131-billing-history-and-token-grants.md). */
function plainKind(r: EntryRow): LedgerEntryKind {
  switch (r.kind) {
    case 'purchase':
      return 'purchase';
    case 'grant':
      return r.lot_source === 'signup_bonus' ? 'signup_bonus' : 'promotion';
    case 'adjust_credit':
      return 'operator_grant';
    case 'adjust_debit':
      return 'operator_deduction';
    // A delivered report's hold is its charge: the tokens were spent when it was captured.
    case 'hold':
      return r.hold_state === 'captured' ? 'spent' : 'held';
    case 'release':
      return 'released';
    case 'expiry':
      return 'expired';
    case 'forfeit':
      return 'forfeited';
    default:
      return r.kind.startsWith('refund') ? 'refunded' : 'other';
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
 * One ledger row is one lot's share of an event; the member sees the event. A report's hold,
 * its release and an operator's deduction take from several lots at once (same moment, same
 * hold or note), so those rows are summed into one entry; every other kind is one lot's.
 * This is the test that rows `o` and `e` belong to one event.
 */
const SAME_EVENT = (o: string, e: string) => `${o}.user_id = ${e}.user_id AND ${o}.created_at = ${e}.created_at AND ${o}.kind = ${e}.kind
          AND ${o}.hold_id IS NOT DISTINCT FROM ${e}.hold_id AND ${o}.note IS NOT DISTINCT FROM ${e}.note
          AND (${e}.kind IN ('hold', 'release', 'adjust_debit') OR ${o}.lot_id = ${e}.lot_id)`;

/** A hold's report id as a uuid when it is one (the reports' key), so the title is one index lookup. */
const REPORT_KEY = `CASE WHEN h.report_id ~* '^[0-9a-f]{8}-([0-9a-f]{4}-){3}[0-9a-f]{12}$' THEN h.report_id::uuid END`;

/**
 * The member's token history, newest first, one page after `cursor`, and their newest lots
 * (expiry and what is left), at most LEDGER_LOTS_SHOWN of them: a member who has bought for
 * years has hundreds, and every page carries them (docs/decisions/180-bounded-lists-and-searches.md).
 * Reports are named only when they are the member's own.
 *
 * The page costs its own rows, not the member's history (docs/decisions/189-billing-history-bounded.md):
 * it walks the member's entries newest first along token_ledger_user_at_idx (user_id, created_at,
 * id), keeps the first row of each event (no earlier row of the same event, found through the same
 * index), stops at `limit + 1` events, and only then adds up each event's rows and looks up its
 * lot, purchase, hold and report. The walk is ordered by time, which no other index gives, so the
 * planner cannot walk the whole ledger's primary key instead looking for the member's rows (it
 * did, ordered by id alone, for a member with many rows). Grouping every entry first and then
 * sorting the groups, as before, read the heaviest member's thousands of rows for each page.
 */
export async function listTokenHistory(q: Queryable, userId: string, page: { cursor?: string | undefined; limit: number }) {
  const params: unknown[] = [userId, page.limit + 1];
  let after = '';
  if (page.cursor) {
    const { at, id } = decodeLedgerCursor(page.cursor);
    params.push(at, id);
    // Written only when there is a cursor: `$n IS NULL OR` would leave the walk without its bound.
    after = 'AND (e.created_at, e.id) < ($3::timestamptz, $4::int8)';
  }
  const entries = await q.query<EntryRow>(
    `WITH page AS MATERIALIZED (
       SELECT e.id, e.user_id, e.created_at, e.kind, e.hold_id, e.note, e.lot_id
         FROM token_ledger e
        WHERE e.user_id = $1 ${after}
          AND NOT EXISTS (SELECT 1 FROM token_ledger o WHERE ${SAME_EVENT('o', 'e')} AND o.id < e.id)
        ORDER BY e.created_at DESC, e.id DESC
        LIMIT $2)
     SELECT page.id AS first_id, ${cursorAt('page.created_at')} AS cursor_at, page.created_at AS at, page.kind, ev.amount, page.note,
            h.report_id, h.state AS hold_state, h.purpose, ev.lot_source, ev.package_name, r.title
       FROM page
       CROSS JOIN LATERAL (
         SELECT sum(o.amount)::int8 AS amount, min(l.source) AS lot_source, min(p.package_name) AS package_name
           FROM token_ledger o
           JOIN token_lots l ON l.id = o.lot_id
           LEFT JOIN payments p ON p.id = o.payment_id
          WHERE ${SAME_EVENT('o', 'page')}) ev
       LEFT JOIN token_holds h ON h.id = page.hold_id AND h.user_id = page.user_id
       LEFT JOIN reports r ON r.id = ${REPORT_KEY} AND r.user_id = page.user_id
      ORDER BY page.created_at DESC, page.id DESC`,
    params,
  );
  const rows = entries.rows.slice(0, page.limit);
  const last = rows[rows.length - 1];
  const next = entries.rows.length > page.limit && last ? encodeLedgerCursor({ at: last.cursor_at, id: last.first_id }) : undefined;

  const lots = await q.query<{
    id: string;
    source: string;
    created_at: Date;
    tokens: number;
    remaining: number;
    expires_at: Date;
    expired: boolean;
  }>(
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
