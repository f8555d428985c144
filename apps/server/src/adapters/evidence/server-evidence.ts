import { createEvidenceSources, SearchError, type EvidenceSource } from '@assay/report-engine';
import type { FastifyBaseLogger } from 'fastify';
import { ConfigError, evidenceConfig, type Config } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import { createDbSearchCache } from './db-search-cache.ts';
import { createDbUsageSink } from './db-usage-sink.ts';
import { createPgRateGate } from './pg-rate-gate.ts';

/**
 * The configured evidence sources with what every process must share (docs/decisions/210): the
 * PatentsView budget in PostgreSQL when there is a database server (in-process on PGlite, which
 * one process owns), the day-long result cache and the usage counts in the database.
 */
export function createServerEvidence(config: Config, log: FastifyBaseLogger, db: Db) {
  const usage = createDbUsageSink(db, log);
  const sources = createEvidenceSources(evidenceConfig(config), {
    ...(db.kind === 'postgres' ? { gate: createPgRateGate(db) } : {}),
    cache: createDbSearchCache(db),
    usage,
  });
  return { sources, usage };
}

const KEY_VARIABLES: Record<string, string> = {
  openalex: 'OPENALEX_API_KEY',
  patentsview: 'PATENTSVIEW_API_KEY',
  'epo-ops': 'EPO_OPS_KEY and EPO_OPS_SECRET',
};

/**
 * One cheap request per source at start-up, so a wrong key is reported now and not at the first
 * report: a refused key stops the process (ConfigError, like any other configuration problem);
 * a service that cannot be reached only warns (it may be back before the first report).
 */
export async function probeEvidenceSources(sources: readonly EvidenceSource[], log: FastifyBaseLogger, timeoutMs: number): Promise<void> {
  const refused: string[] = [];
  await Promise.all(
    sources.map(async (source) => {
      if (!source.probe) return;
      try {
        await source.probe(AbortSignal.timeout(timeoutMs * 3));
      } catch (e) {
        const plain = e instanceof SearchError ? e.plain : 'failed unexpectedly';
        if (e instanceof SearchError && e.failure === 'rejected') {
          refused.push(`${KEY_VARIABLES[source.name] ?? source.name}: refused by ${source.label} at start-up (the service ${plain})`);
        } else {
          log.warn({ source: source.name }, `evidence source ${source.label} could not be checked at start-up: the service ${plain}`);
        }
      }
    }),
  );
  if (refused.length) throw new ConfigError(refused.sort());
}
