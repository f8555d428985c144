import type { Db, Queryable } from '../src/db/client.ts';

/** A statement a use-case sent, with its parameters. */
export interface Sent {
  text: string;
  params: unknown[];
}

/**
 * Runs `fn` on a database that records every statement it is sent (and still runs them), so a
 * test can count a use-case's statements and explain the very ones it ran.
 */
export async function recordStatements<T>(db: Queryable, fn: (q: Queryable) => Promise<T>): Promise<{ result: T; sent: Sent[] }> {
  const sent: Sent[] = [];
  const recorder: Queryable = {
    query: (text, params) => {
      sent.push({ text, params: params ?? [] });
      return db.query(text, params);
    },
  };
  return { result: await fn(recorder), sent };
}

/**
 * The plan of one recorded statement, as text. Sequential scans are priced out first: a test
 * table holds a few rows, where reading them all is the planner's right choice, so only a plan
 * with sequential scans disabled shows whether an index can answer the statement at all (a seq
 * scan still appears when nothing else can). `without` names indexes to leave out of the choice,
 * dropped in the plan's own transaction, which is always rolled back.
 */
export async function planOf(db: Db, s: Sent, opts: { without?: string[] } = {}): Promise<string> {
  let plan = '';
  const rolledBack = new Error('rolled back');
  await db
    .transaction(async (tx) => {
      if (opts.without?.length) await tx.query(`DROP INDEX ${opts.without.join(', ')}`);
      await tx.query('SET LOCAL enable_seqscan = off');
      const r = await tx.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${s.text}`, s.params);
      plan = r.rows.map((row) => row['QUERY PLAN']).join('\n');
      throw rolledBack;
    })
    .catch((e: unknown) => {
      if (e !== rolledBack) throw e;
    });
  return plan;
}

/**
 * How many rows each table's sequential scans read (kept and filtered out, over every loop) when
 * the statement actually runs. A scan under a LIMIT that stops early is a different thing from
 * a table read whole, which the plan's text alone cannot tell apart.
 */
export async function seqScanReads(db: Queryable, s: Sent): Promise<Map<string, number>> {
  interface Node {
    'Node Type': string;
    'Relation Name'?: string;
    'Actual Rows'?: number;
    'Actual Loops'?: number;
    'Rows Removed by Filter'?: number;
    Plans?: Node[];
  }
  const r = await db.query<{ 'QUERY PLAN': [{ Plan: Node }] }>(`EXPLAIN (ANALYZE, FORMAT JSON) ${s.text}`, s.params);
  const reads = new Map<string, number>();
  const walk = (n: Node) => {
    if (n['Node Type'] === 'Seq Scan' && n['Relation Name']) {
      const loops = n['Actual Loops'] ?? 1;
      const rows = ((n['Actual Rows'] ?? 0) + (n['Rows Removed by Filter'] ?? 0)) * loops;
      reads.set(n['Relation Name'], (reads.get(n['Relation Name']) ?? 0) + rows);
    }
    n.Plans?.forEach(walk);
  };
  walk(r.rows[0]!['QUERY PLAN'][0].Plan);
  return reads;
}
