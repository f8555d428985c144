import type { Deps } from '../../deps.ts';
import type { Db } from '../../db/client.ts';
import { defineSweep } from '../../jobs/job-definition.ts';

/**
 * What autovacuum does, by its default thresholds: analyse a table once more than 50 rows plus a
 * tenth of it changed since its last analysis, and vacuum it once more than 50 rows plus a fifth
 * of it are dead. PGlite runs PostgreSQL single-user, with no autovacuum launcher: without this,
 * the embedded database never gathers planner statistics (every plan guesses its row counts, and
 * the member search's rarest word never applies) and never vacuums (decision 071).
 */
export async function tendTables(db: Db): Promise<{ analysed: string[]; vacuumed: string[] }> {
  const { rows } = await db.query<{ name: string; vacuum: boolean; analyse: boolean }>(
    `SELECT format('%I.%I', s.schemaname, s.relname) AS name,
            s.n_dead_tup > 50 + 0.2 * greatest(c.reltuples, 0) AS vacuum,
            s.n_mod_since_analyze > 50 + 0.1 * greatest(c.reltuples, 0) AS analyse
       FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid
      ORDER BY 1`,
  );
  const analysed: string[] = [];
  const vacuumed: string[] = [];
  for (const t of rows) {
    // VACUUM cannot run inside a transaction: exec sends it on its own.
    if (t.vacuum) await db.exec(`VACUUM (ANALYZE) ${t.name}`);
    else if (t.analyse) await db.exec(`ANALYZE ${t.name}`);
    if (t.vacuum) vacuumed.push(t.name);
    if (t.vacuum || t.analyse) analysed.push(t.name);
  }
  return { analysed, vacuumed };
}

/**
 * Every five minutes on the embedded database, not at start (it would hold up the first answer);
 * PostgreSQL's own autovacuum tends its tables.
 */
export const tendTablesSweep = defineSweep({
  name: 'system.tend-embedded-tables',
  everyMs: () => 5 * 60_000,
  async run(deps: Pick<Deps, 'db'>) {
    if (deps.db.kind === 'pglite') await tendTables(deps.db);
  },
});
