/**
 * The research stage: every query to every configured source at once (each call has its own
 * timeout and retries), then de-duplication and ranking. A source that fails or is missing is
 * recorded in plain words; the stage itself never fails a report.
 */
import {
  KIND_NOUN,
  type EvidenceHit,
  type EvidenceKind,
  type EvidenceRecord,
  type EvidenceSource,
  type SearchRun,
  type SourceReport,
} from './evidence.ts';
import { SearchError } from './http.ts';
import { rankEvidence } from './rank.ts';
import { buildSearchPlan, describeQuery } from './search-terms.ts';
import type { ReportPlan } from '../plan/build-plan.ts';

export interface GatherEvidenceInput {
  /** The report's plan: searches are built from the confirmed record, never the raw idea. */
  plan: ReportPlan;
  sources: readonly EvidenceSource[];
  now: () => Date;
  signal?: AbortSignal;
}

const DEFAULT_LABEL: Record<EvidenceKind, string> = {
  patent: 'PatentsView (US patents and published applications)',
  work: 'OpenAlex (scholarly works)',
};

function sourceReport(kind: EvidenceKind, source: EvidenceSource | undefined, runs: SearchRun[], kept: number): SourceReport {
  const noun = KIND_NOUN[kind];
  if (!source) {
    return {
      kind,
      source: null,
      label: DEFAULT_LABEL[kind],
      status: 'not_run',
      note: `No ${noun.search} was run for this report: no ${kind === 'patent' ? 'patent' : 'literature'} database is connected to this service.`,
    };
  }
  const mine = runs.filter((r) => r.source === source.name);
  const failed = mine.filter((r) => !r.ok);
  const why = [...new Set(failed.map((r) => r.failure))].join('; ');
  if (mine.length > 0 && failed.length === mine.length) {
    return {
      kind,
      source: source.name,
      label: source.label,
      status: 'failed',
      note: `The ${noun.search} (${source.label}) failed: the service ${why}. This report cites no ${noun.plural}.`,
    };
  }
  const found = `${mine.length} ${mine.length === 1 ? 'search' : 'searches'} of ${source.label}; ${kept === 1 ? `the closest ${noun.singular} is` : `the ${kept} closest ${noun.plural} are`} listed under References.`;
  if (failed.length > 0) {
    return {
      kind,
      source: source.name,
      label: source.label,
      status: 'partly_failed',
      note: `${found} ${failed.length} of the ${mine.length} searches failed: the service ${why}.`,
    };
  }
  return {
    kind,
    source: source.name,
    label: source.label,
    status: 'searched',
    note: kept > 0 ? found : `${mine.length} searches of ${source.label} found no ${noun.plural} close to this idea.`,
  };
}

export async function gatherEvidence(input: GatherEvidenceInput): Promise<EvidenceRecord> {
  const plan = buildSearchPlan(input.plan.record, input.plan.field);
  // Each family's searches to each source, listed as that source was asked (its class restriction is its own).
  const jobs = plan.families.flatMap((family, f) =>
    family.queries.flatMap((q, i) =>
      input.sources.map((source) => ({ source, q, f, order: f * 10 + i, label: describeQuery(q, source.kind) })),
    ),
  );
  const runs: Array<SearchRun & { order: number }> = [];
  const hits: EvidenceHit[] = [];
  await Promise.all(
    jobs.map(async ({ source, q, label, order }) => {
      try {
        const found = await source.search(q.text, input.signal, q.shape);
        hits.push(...found);
        runs.push({ source: source.name, query: label, ok: true, hits: found.length, failure: null, order });
      } catch (e) {
        const failure = e instanceof SearchError ? e.plain : 'failed unexpectedly';
        runs.push({ source: source.name, query: label, ok: false, hits: 0, failure, order });
      }
    }),
  );
  input.signal?.throwIfAborted();
  // Runs finish in any order: keep the record stable for the same answers.
  runs.sort((a, b) => a.source.localeCompare(b.source) || a.order - b.order);
  const items = rankEvidence(hits, plan);
  // One line per source asked (patents may come from PatentsView and OPS), or one per kind none covers.
  const sources = (['patent', 'work'] as const).flatMap((kind) => {
    const asked = input.sources.filter((s) => s.kind === kind);
    return asked.length === 0
      ? [sourceReport(kind, undefined, runs, 0)]
      : asked.map((s) => sourceReport(kind, s, runs, items.filter((i) => i.kind === kind && i.source === s.name).length));
  });
  const queries = [...new Set(jobs.map((j) => j.label))];
  const families = plan.families.map((family, f) => ({
    // The mechanism is named, not quoted: the method note lists what was sent, not the record.
    target: family.target.kind === 'mechanism' ? 'the mechanism' : family.target.label,
    queries: [...new Set(jobs.filter((j) => j.f === f).map((j) => j.label))],
  }));
  return {
    version: 1,
    searchedAt: input.now().toISOString(),
    queries,
    ...(input.sources.length ? { families } : {}),
    runs: runs.map(({ order: _, ...r }) => r),
    sources,
    items,
  };
}
